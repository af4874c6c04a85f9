// Package richtext turns the HTML of item descriptions into plain lines for
// the terminal views (the queue, the board's preview).
package richtext

import (
	"bytes"
	"html"
	"strconv"
	"strings"
	"unicode"

	"triage/ui/i18n"
)

// PlainText turns an item's description, HTML as the service stores it, into
// lines of plain text: tags are dropped, blocks and <br> end a line, list
// items start with "• " (or their number in an ordered list), images show as
// [image], scripts and styles vanish, entities are decoded, runs of white
// space shrink to one space and blank lines to one. A description without
// tags is plain text: its line breaks are kept. Control characters never
// pass, so a description cannot steer the terminal.
func PlainText(s string) []string {
	var text string
	if looksLikeHTML(s) {
		text = fromHTML(s)
	} else {
		text = strings.ReplaceAll(html.UnescapeString(s), string(indentMark), "")
	}
	var lines []string
	blank := true // at the start, a blank line is dropped
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimLeft(line, " ")
		depth := len(line) - len(strings.TrimLeft(line, string(indentMark)))
		line = strings.Join(strings.FieldsFunc(strings.ReplaceAll(line, string(indentMark), ""), isSpace), " ")
		if line != "" && depth > 0 {
			line = strings.Repeat("  ", depth/len(string(indentMark))) + line
		}
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

// indentMark stands for one level of list indentation until the lines are
// made: white space inside a line shrinks, the indentation stays.
const indentMark = '\uE000'

// fromHTML writes the text of an HTML fragment: paragraphs, headings,
// tables and top-level lists are set apart by a blank line; other blocks
// and list items start a line.
func fromHTML(s string) string {
	var (
		t     textBuf
		lists []int // open lists: -1 unordered, else the next number
	)
	for len(s) > 0 {
		lt := strings.IndexByte(s, '<')
		if lt < 0 {
			t.text(s)
			break
		}
		t.text(s[:lt])
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
			t.text(s)
			break
		}
		name, closing := tagName(s[1:gt])
		s = s[gt+1:]
		switch {
		case !closing && (name == "script" || name == "style"):
			end := strings.Index(strings.ToLower(s), "</"+name)
			if end < 0 {
				return string(t)
			}
			s = s[end:]
		case name == "br":
			t = append(t, '\n')
		case name == "img":
			t.text(" " + i18n.T("[image]") + " ")
		case name == "ul" || name == "ol":
			if closing && len(lists) > 0 {
				lists = lists[:len(lists)-1]
			}
			t.breakLine(len(lists) == 0)
			switch {
			case !closing && name == "ol":
				lists = append(lists, 1)
			case !closing:
				lists = append(lists, -1)
			}
		case name == "li" && !closing:
			t.breakLine(false)
			t = append(t, strings.Repeat(string(indentMark), max(len(lists)-1, 0))+bullet(lists)...)
		case name == "td" || name == "th":
			t.text("  ")
		case isParagraph(name):
			t.breakLine(true)
		case isBlock(name) && (!closing || name != "tr"):
			t.breakLine(false)
		}
	}
	return string(t)
}

// textBuf is the text of an HTML fragment as it is made.
type textBuf []byte

// text adds the text between tags: entities decoded, line breaks of the
// source as spaces, indentation marks dropped.
func (t *textBuf) text(s string) {
	*t = append(*t, strings.Map(func(r rune) rune {
		switch r {
		case '\n', '\r', '\t':
			return ' '
		case indentMark:
			return -1
		}
		return r
	}, html.UnescapeString(s))...)
}

// breakLine ends the line unless it is already ended, with a blank line
// after it when blank is set. Nothing is added before the first text.
func (t *textBuf) breakLine(blank bool) {
	*t = bytes.TrimRight(*t, " ")
	if len(*t) == 0 {
		return
	}
	want := 1
	if blank {
		want = 2
	}
	for have := len(*t) - len(bytes.TrimRight(*t, "\n")); have < want; have++ {
		*t = append(*t, '\n')
	}
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

// isParagraph reports the tags set apart by a blank line.
func isParagraph(name string) bool {
	switch name {
	case "p", "table", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6":
		return true
	}
	return false
}

// isBlock reports the tags that start a line (a table row only where it opens).
func isBlock(name string) bool {
	switch name {
	case "div", "tr", "hr", "section", "article", "header", "footer", "dl", "dt", "dd":
		return true
	}
	return false
}
