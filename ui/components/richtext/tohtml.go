package richtext

import (
	"html"
	"strings"
)

// ToHTML writes plain text as the HTML TAPD keeps: each paragraph (lines
// between blank lines) a <p>, its line breaks <br/>, every character
// escaped. Empty text is "".
func ToHTML(text string) string {
	var b strings.Builder
	for para := range strings.SplitSeq(strings.ReplaceAll(strings.TrimSpace(text), "\r\n", "\n"), "\n\n") {
		para = strings.Trim(para, "\n")
		if strings.TrimSpace(para) == "" {
			continue
		}
		b.WriteString("<p>")
		for k, line := range strings.Split(para, "\n") {
			if k > 0 {
				b.WriteString("<br/>")
			}
			b.WriteString(html.EscapeString(line))
		}
		b.WriteString("</p>")
	}
	return b.String()
}

// IsPlain reports whether a description holds only paragraphs and line
// breaks (<p>, <br>, <div>), so it can be edited as text and written back
// with ToHTML without losing anything. Text without tags is plain.
func IsPlain(s string) bool {
	for i := strings.IndexByte(s, '<'); i >= 0; i = strings.IndexByte(s, '<') {
		end := strings.IndexByte(s[i:], '>')
		if end < 0 {
			return true // a lone "<" is text
		}
		inner := strings.TrimSpace(strings.Trim(strings.TrimSpace(s[i+1:i+end]), "/"))
		switch strings.ToLower(inner) { // a tag with attributes (style, class) is rich
		case "p", "br", "div":
		default:
			return false
		}
		s = s[i+end+1:]
	}
	return true
}
