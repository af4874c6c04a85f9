package richtext

import (
	"html"
	"net/url"
	"path"
	"strings"

	"triage/ui/i18n"
)

// Options say how Render writes what a terminal may or may not show.
type Options struct {
	// Hyperlinks writes links as terminal hyperlinks (OSC 8); without it,
	// as "text (address)", for a pipe or --plain.
	Hyperlinks bool
	// Base is the address relative links and images are read against (the
	// web app's: TAPD keeps pasted pictures as /tfl/captures/…); "": kept
	// as they are.
	Base string
}

// Render turns an item's description, HTML as the service stores it, into
// lines a person reads: paragraphs set apart by a blank line; list items
// bulleted or numbered, nested ones indented; code (<pre>) kept verbatim,
// indented by four spaces; tables as aligned columns; links as terminal
// hyperlinks or "text (address)"; images as [image: name address]. Text
// with no tags is PlainText's. No control character of the description
// passes: the only escapes are the hyperlinks Render writes itself.
func Render(s string, o Options) []string {
	if !looksLikeHTML(s) {
		return PlainText(s)
	}
	r := renderer{opt: o}
	r.run(s)
	r.endBlock(false)
	for len(r.lines) > 0 && r.lines[len(r.lines)-1] == "" {
		r.lines = r.lines[:len(r.lines)-1]
	}
	return r.lines
}

// renderer holds a description as it is made.
type renderer struct {
	opt    Options
	lines  []string
	inline strings.Builder // the line under way, links written
	space  bool            // a space is due before the next word
	prefix string          // starts the next line (a list item's bullet)
	lists  []int           // open lists: -1 unordered, else the next number
	pre    *strings.Builder
	table  *table
	// The open link: its address, its words, and whether a space was due
	// before it.
	href       string
	anchor     *strings.Builder
	outerSpace bool
}

func (r *renderer) run(s string) {
	for len(s) > 0 {
		lt := strings.IndexByte(s, '<')
		if lt < 0 {
			r.text(s)
			return
		}
		r.text(s[:lt])
		s = s[lt:]
		if strings.HasPrefix(s, "<!--") {
			end := strings.Index(s, "-->")
			if end < 0 {
				return
			}
			s = s[end+3:]
			continue
		}
		gt := strings.IndexByte(s, '>')
		if gt < 0 {
			r.text(s)
			return
		}
		tag := s[1:gt]
		name, closing := tagName(tag)
		s = s[gt+1:]
		if !closing && (name == "script" || name == "style") {
			end := strings.Index(strings.ToLower(s), "</"+name)
			if end < 0 {
				return
			}
			s = s[end:]
			continue
		}
		r.tag(name, tag, closing)
	}
}

// tag acts on one tag.
func (r *renderer) tag(name, tag string, closing bool) {
	if r.pre != nil {
		switch {
		case name == "pre" && closing:
			r.endPre()
		case name == "br":
			r.pre.WriteByte('\n')
		}
		return
	}
	switch {
	case name == "br" && r.table != nil:
		r.space = true
	case name == "br":
		r.endLine()
	case name == "pre" && !closing:
		r.endBlock(true)
		r.pre = &strings.Builder{}
	case name == "code":
		r.word("`")
	case name == "a" && !closing:
		r.openLink(r.address(attr(tag, "href")))
	case name == "a":
		r.closeLink()
	case name == "img":
		r.image(tag)
	case name == "ul" || name == "ol":
		r.list(name, closing)
	case name == "li" && !closing:
		r.endLine()
		r.prefix = strings.Repeat("  ", max(len(r.lists)-1, 0)) + bullet(r.lists)
	case name == "table" && !closing:
		r.endBlock(true)
		r.table = &table{}
	case name == "table":
		if r.table != nil {
			r.tableTag("tr", true)
			r.endTable()
		}
		r.blank()
	case r.table != nil && (isParagraph(name) || isBlock(name) && name != "tr" || name == "li"):
		r.space = true // blocks inside a cell are words of the cell
	case r.table != nil && (name == "tr" || name == "td" || name == "th"):
		r.tableTag(name, closing)
	case isParagraph(name):
		r.endBlock(true)
	case isBlock(name):
		r.endLine()
	}
}

// text adds the text between tags: entities decoded, white space (and
// every control character) shrunk to one space.
func (r *renderer) text(s string) {
	if s == "" {
		return
	}
	s = html.UnescapeString(s)
	if r.pre != nil {
		r.pre.WriteString(s)
		return
	}
	if isSpace(firstRune(s)) {
		r.space = true
	}
	words := strings.FieldsFunc(s, isSpace)
	for i, w := range words {
		r.space = r.space || i > 0
		r.word(w)
	}
	if len(words) > 0 && isSpace(lastRune(s)) {
		r.space = true
	}
}

// word adds text to the words being gathered (a link's, or the line's),
// after a space if one is due.
func (r *renderer) word(w string) {
	b := &r.inline
	if r.anchor != nil {
		b = r.anchor
	}
	if r.space && b.Len() > 0 {
		b.WriteByte(' ')
	}
	r.space = false
	b.WriteString(w)
}

// openLink starts gathering a link's words.
func (r *renderer) openLink(href string) {
	r.closeLink()
	r.href, r.anchor, r.outerSpace, r.space = href, &strings.Builder{}, r.space, false
}

// closeLink writes the open link into the line.
func (r *renderer) closeLink() {
	if r.anchor == nil {
		return
	}
	text, href, after := r.anchor.String(), r.href, r.space
	r.anchor, r.href, r.space = nil, "", r.outerSpace
	switch {
	case href == "":
		r.word(text)
	case text == "" || text == href:
		r.word(href)
	case r.opt.Hyperlinks:
		r.word("\x1b]8;;" + href + "\x1b\\" + text + "\x1b]8;;\x1b\\")
	default:
		r.word(text + " (" + href + ")")
	}
	r.space = after
}

// image names a picture with its address.
func (r *renderer) image(tag string) {
	src := r.address(attr(tag, "src"))
	name := "image"
	if u, err := url.Parse(src); err == nil && path.Base(u.Path) != "/" && path.Base(u.Path) != "." {
		name = path.Base(u.Path)
	}
	if src == "" {
		r.word(i18n.T("[image]"))
		return
	}
	r.word(i18n.Tf("[image: %s %s]", name, src))
}

// address is a link's or a picture's address, read against Base; "" when
// it is not a web or mail address, or holds what a terminal must not see.
func (r *renderer) address(raw string) string {
	raw = strings.TrimSpace(html.UnescapeString(raw))
	if raw == "" || strings.ContainsFunc(raw, isSpace) {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	if !u.IsAbs() && r.opt.Base != "" {
		if base, err := url.Parse(r.opt.Base); err == nil {
			u = base.ResolveReference(u)
		}
	}
	switch u.Scheme {
	case "http", "https", "mailto", "":
		return u.String()
	}
	return ""
}

// list opens or closes a list.
func (r *renderer) list(name string, closing bool) {
	r.endLine()
	if closing {
		if len(r.lists) > 0 {
			r.lists = r.lists[:len(r.lists)-1]
		}
		if len(r.lists) == 0 {
			r.blank()
		}
		return
	}
	if len(r.lists) == 0 {
		r.blank()
	}
	r.lists = append(r.lists, map[bool]int{true: 1, false: -1}[name == "ol"])
}

// endPre writes a block of code as it is, each line indented.
func (r *renderer) endPre() {
	code := strings.ReplaceAll(r.pre.String(), "\r\n", "\n")
	r.pre = nil
	code = strings.Trim(code, "\n")
	for line := range strings.SplitSeq(code, "\n") {
		line = strings.Map(func(c rune) rune {
			switch {
			case c == '\t':
				return ' '
			case isSpace(c) && c != ' ' || c == '\u2028':
				return -1
			}
			return c
		}, strings.ReplaceAll(line, "\t", "    "))
		r.lines = append(r.lines, strings.TrimRight("    "+line, " "))
	}
	r.blank()
}

// endLine writes the line under way, if any.
func (r *renderer) endLine() {
	r.closeLink()
	if r.table != nil {
		return
	}
	line := r.inline.String()
	r.inline.Reset()
	r.space = false
	if line == "" {
		return
	}
	indent := strings.Repeat("  ", len(r.lists))
	if r.prefix != "" {
		indent, r.prefix = r.prefix, ""
	}
	r.lines = append(r.lines, indent+line)
}

// endBlock ends the line under way and, with blank, sets it apart.
func (r *renderer) endBlock(blank bool) {
	if r.table != nil {
		r.tableTag("tr", true)
		r.endTable()
	}
	r.endLine()
	if blank {
		r.blank()
	}
}

// blank adds a blank line unless there is one, or nothing yet.
func (r *renderer) blank() {
	if n := len(r.lines); n > 0 && r.lines[n-1] != "" {
		r.lines = append(r.lines, "")
	}
}

// attr is the value of an attribute of a tag ("" when it has none).
func attr(tag, name string) string {
	lower := strings.ToLower(tag)
	for from := 0; ; {
		i := strings.Index(lower[from:], name)
		if i < 0 {
			return ""
		}
		i += from
		from = i + len(name)
		if i > 0 && !isSpace(rune(lower[i-1])) {
			continue
		}
		rest := strings.TrimLeft(tag[from:], " ")
		if !strings.HasPrefix(rest, "=") {
			continue
		}
		rest = strings.TrimLeft(rest[1:], " ")
		if rest != "" && (rest[0] == '"' || rest[0] == '\'') {
			if end := strings.IndexByte(rest[1:], rest[0]); end >= 0 {
				return rest[1 : end+1]
			}
			return ""
		}
		if end := strings.IndexFunc(rest, func(c rune) bool { return c == ' ' || c == '/' }); end >= 0 {
			return rest[:end]
		}
		return rest
	}
}

func firstRune(s string) rune {
	for _, c := range s {
		return c
	}
	return ' '
}

func lastRune(s string) rune {
	rs := []rune(s)
	if len(rs) == 0 {
		return ' '
	}
	return rs[len(rs)-1]
}
