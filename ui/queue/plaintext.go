package queue

import (
	"html"
	"strconv"
	"strings"
	"unicode"
)

// plainText turns an item's description, HTML as the service stores it, into
// lines of plain text: tags are dropped, blocks and <br> end a line, list
// items start with "• " (or their number in an ordered list), images show as
// [image], scripts and styles vanish, entities are decoded, runs of white
// space shrink to one space and blank lines to one. A description without
// tags is plain text: its line breaks are kept. Control characters never
// pass, so a description cannot steer the terminal.
func plainText(s string) []string {
	var text string
	if looksLikeHTML(s) {
		text = fromHTML(s)
	} else {
		text = html.UnescapeString(s)
	}
	var lines []string
	blank := true // at the start, a blank line is dropped
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.Join(strings.FieldsFunc(line, isSpace), " ")
		if line == "" {
			if !blank {
				lines = append(lines, "")
			}
			blank = true
			continue
		}
		lines = append(lines, line)
		blank = false
	}
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	return lines
}

// isSpace separates words: white space (no-break space included) and every
// control character.
func isSpace(r rune) bool {
	return unicode.IsSpace(r) || unicode.IsControl(r) || r == '\u00a0'
}

// looksLikeHTML reports whether s holds a tag, a comment or a closing tag.
func looksLikeHTML(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] == '<' {
			if c := s[i+1]; c == '/' || c == '!' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
				return true
			}
		}
	}
	return false
}

// fromHTML writes the text of an HTML fragment, with a line break for every
// block boundary; white space of the source is a space.
func fromHTML(s string) string {
	var (
		b     strings.Builder
		lists []int // open lists: -1 unordered, else the next number
	)
	for len(s) > 0 {
		lt := strings.IndexByte(s, '<')
		if lt < 0 {
			b.WriteString(textOf(s))
			break
		}
		b.WriteString(textOf(s[:lt]))
		s = s[lt:]
		if strings.HasPrefix(s, "<!--") {
			end := strings.Index(s, "-->")
			if end < 0 {
				break
			}
			s = s[end+3:]
			continue
		}
		gt := strings.IndexByte(s, '>')
		if gt < 0 {
			b.WriteString(textOf(s))
			break
		}
		name, closing := tagName(s[1:gt])
		s = s[gt+1:]
		switch {
		case !closing && (name == "script" || name == "style"):
			end := strings.Index(strings.ToLower(s), "</"+name)
			if end < 0 {
				return b.String()
			}
			s = s[end:]
		case name == "br":
			b.WriteByte('\n')
		case name == "img":
			b.WriteString(" [image] ")
		case name == "ul" || name == "ol":
			b.WriteByte('\n')
			switch {
			case closing && len(lists) > 0:
				lists = lists[:len(lists)-1]
			case !closing && name == "ol":
				lists = append(lists, 1)
			case !closing:
				lists = append(lists, -1)
			}
		case name == "li" && !closing:
			b.WriteString("\n" + strings.Repeat("  ", max(len(lists)-1, 0)) + bullet(lists))
		case name == "td" || name == "th":
			b.WriteString("  ")
		case isBlock(name):
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// textOf is the text between tags: entities decoded, line breaks of the
// source as spaces.
func textOf(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, html.UnescapeString(s))
}

// bullet starts an item of the innermost list, counting ordered ones.
func bullet(lists []int) string {
	if len(lists) == 0 || lists[len(lists)-1] < 0 {
		return "• "
	}
	n := lists[len(lists)-1]
	lists[len(lists)-1]++
	return strconv.Itoa(n) + ". "
}

// tagName reads the lower-case name of a tag from what lies between < and >.
func tagName(tag string) (name string, closing bool) {
	tag = strings.TrimSpace(tag)
	if rest, ok := strings.CutPrefix(tag, "/"); ok {
		tag, closing = rest, true
	}
	end := strings.IndexFunc(tag, func(r rune) bool { return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') })
	if end >= 0 {
		tag = tag[:end]
	}
	return strings.ToLower(tag), closing
}

// isBlock reports the tags that end a line where they open or close.
func isBlock(name string) bool {
	switch name {
	case "p", "div", "tr", "table", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "hr",
		"section", "article", "header", "footer", "dl", "dt", "dd":
		return true
	}
	return false
}
