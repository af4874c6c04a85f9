package store

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// viewsFile is a config file's text and where its views are in it.
type viewsFile struct {
	lines []string // the file's lines, each with its line break
	views []SavedView
	// key is the `views:` key and seq its value; nil: the file has none.
	key, seq *yaml.Node
	// entries are the views' lines when seq is a block list of views each
	// starting `- `; nil: the views are written another way.
	entries []entrySpan
	// blockStart is the line of `views:` and blockEnd the line after its
	// last view (0-based); both len(lines) when the file has no views:.
	blockStart, blockEnd int
}

// entrySpan is where one view is written: from its comment lines (head)
// and its `- ` line (start) to its last line (end), 0-based, inclusive.
type entrySpan struct {
	head, start, end int
	dash, indent     int        // the columns of its `-` and of its fields
	nameKey, name    *yaml.Node // name: and its value
}

// readViewsFile parses a config file's text and finds its views.
func readViewsFile(data []byte) (*viewsFile, error) {
	f := &viewsFile{lines: strings.SplitAfter(string(data), "\n")}
	if f.lines[len(f.lines)-1] == "" {
		f.lines = f.lines[:len(f.lines)-1]
	}
	f.blockStart, f.blockEnd = len(f.lines), len(f.lines)
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	var sec Sections
	if err := decodeSettings(&doc, &Settings{}, &sec); err != nil {
		return nil, err
	}
	f.views = sec.Views
	if !sec.ViewsWritten {
		f.views = DefaultViews()
		return f, nil
	}
	root := doc.Content[0]
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value != keyViews {
			continue
		}
		f.key, f.seq = root.Content[i], root.Content[i+1]
		f.blockStart = f.key.Line - 1
		if i+2 < len(root.Content) {
			f.blockEnd = root.Content[i+2].Line - 1
		}
	}
	f.blockEnd = f.trimEnd(f.blockStart+1, f.blockEnd)
	f.entries = f.spans()
	return f, nil
}

// spans finds each view's lines; nil when a view is not written as a
// `- name: …` block entry on lines of its own.
func (f *viewsFile) spans() []entrySpan {
	if f.seq.Kind != yaml.SequenceNode || f.seq.Style&yaml.FlowStyle != 0 || len(f.seq.Content) == 0 {
		return nil
	}
	out := make([]entrySpan, len(f.seq.Content))
	for k, e := range f.seq.Content {
		line := f.lines[e.Line-1]
		lead := runePrefix(line, e.Column-1)
		dash := strings.Index(lead, "-")
		if e.Kind != yaml.MappingNode || e.Style&yaml.FlowStyle != 0 || strings.TrimSpace(lead) != "-" || len(lead) != e.Column-1 {
			return nil
		}
		sp := entrySpan{start: e.Line - 1, dash: dash, indent: e.Column - 1}
		sp.head = sp.start
		for sp.head > f.blockStart+1 && isCommentLine(f.lines[sp.head-1]) {
			sp.head--
		}
		for i := 0; i+1 < len(e.Content); i += 2 {
			if e.Content[i].Value == "name" {
				sp.nameKey, sp.name = e.Content[i], e.Content[i+1]
			}
		}
		out[k] = sp
	}
	for k := range out {
		next := f.blockEnd
		if k+1 < len(out) {
			next = out[k+1].head
		}
		out[k].end = f.trimEnd(out[k].start+1, next) - 1
	}
	return out
}

// trimEnd is the line after the last line in [from, to) that is neither
// blank nor a comment: what follows belongs to what comes next.
func (f *viewsFile) trimEnd(from, to int) int {
	for to > from && (strings.TrimSpace(f.lines[to-1]) == "" || isCommentLine(f.lines[to-1])) {
		to--
	}
	return to
}

// spliced is the file with the view at index at changed in place: added
// after the last (grown 1), removed (grown -1), or rewritten (grown 0;
// only its name's line when only its name changed). False when the views
// are not written so that one can change alone.
func (f *viewsFile) spliced(views []SavedView, at, grown int) (string, bool) {
	if f.entries == nil {
		return "", false
	}
	var out []string
	switch grown {
	case 1:
		last := f.entries[len(f.entries)-1]
		out = f.replace(last.end+1, last.end+1, renderView(views[at], last.dash, last.indent))
	case -1:
		sp := f.entries[at]
		out = f.replace(sp.head, sp.end+1, nil)
	default:
		sp := f.entries[at]
		old, now := f.views[at], views[at]
		old.Name, old.Line, now.Line = now.Name, 0, 0
		if old == now && sp.name != nil && sp.name.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0 {
			line := f.lines[sp.name.Line-1]
			lead := runePrefix(line, sp.name.Column-1)
			renamed := lead + yamlScalar(views[at].Name)
			if c := lineComment(sp.nameKey, sp.name); c != "" {
				renamed += " " + c
			}
			out = f.replace(sp.name.Line-1, sp.name.Line, []string{renamed + "\n"})
		} else {
			out = f.replace(sp.start, sp.end+1, renderView(views[at], sp.dash, sp.indent))
		}
	}
	return strings.Join(out, ""), true
}

// rewritten is the file with its whole views: block written anew (or
// added at its end), for views written another way than spliced reads.
func (f *viewsFile) rewritten(views []SavedView) string {
	head := keyViews + ":"
	if f.key != nil && lineComment(f.key, f.seq) != "" {
		head += " " + lineComment(f.key, f.seq)
	}
	block := []string{head + "\n"}
	if len(views) == 0 {
		block = []string{keyViews + ": []\n"}
	}
	for _, v := range views {
		block = append(block, renderView(v, 2, 4)...)
	}
	switch {
	case len(f.lines) == 0:
		block = append([]string{configHeader}, block...)
	case f.key == nil && !strings.HasSuffix(f.lines[len(f.lines)-1], "\n"):
		f.lines[len(f.lines)-1] += "\n"
	}
	return strings.Join(f.replace(f.blockStart, f.blockEnd, block), "")
}

// replace is the file's lines with those in [from, to) replaced by with.
func (f *viewsFile) replace(from, to int, with []string) []string {
	out := make([]string, 0, len(f.lines)+len(with))
	out = append(out, f.lines[:from]...)
	out = append(out, with...)
	return append(out, f.lines[to:]...)
}

// renderView writes a view as a list entry, its `-` in column dash and its
// fields in column indent, in the order of viewFields, empty ones left out.
func renderView(v SavedView, dash, indent int) []string {
	values := map[string]string{"name": v.Name, "key": v.Key, "kind": v.Kind, "query": v.Query,
		"mode": v.Mode, "group": v.Group, "sort": v.Sort, "columns": v.Columns}
	var out []string
	for _, field := range viewFields {
		if values[field] == "" {
			continue
		}
		lead := strings.Repeat(" ", indent)
		if len(out) == 0 {
			lead = strings.Repeat(" ", dash) + "-" + strings.Repeat(" ", max(indent-dash-1, 1))
		}
		out = append(out, lead+field+": "+yamlScalar(values[field])+"\n")
	}
	return out
}

// yamlScalar writes s as a one-line YAML value, quoted when it must be.
func yamlScalar(s string) string {
	out, err := yaml.Marshal(s)
	if err != nil {
		return `"` + s + `"`
	}
	return strings.TrimSuffix(string(out), "\n")
}

// lineComment is the comment at the end of a key's line, which yaml.v3
// gives the key or its value.
func lineComment(key, value *yaml.Node) string {
	if key.LineComment != "" {
		return key.LineComment
	}
	return value.LineComment
}

// isCommentLine reports a line that holds only a comment.
func isCommentLine(line string) bool { return strings.HasPrefix(strings.TrimSpace(line), "#") }

// runePrefix is the first n characters of line (yaml.v3 counts columns in
// characters).
func runePrefix(line string, n int) string {
	for i := range line {
		if n == 0 {
			return line[:i]
		}
		n--
	}
	return line
}
