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
