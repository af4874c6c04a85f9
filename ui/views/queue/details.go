package queue

import (
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/components/richtext"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// The card of one item: its title, its priority and what became of the one
// chosen, its details in a grid, and its description, scrollable.

const (
	titleLines = 2  // a long title wraps to this many lines
	errLines   = 2  // and the reason a save failed to this many
	maxLabel   = 16 // cells of the widest label of the grid
	twoColumns = 64 // inner width from which the grid has two columns
)

// pair is a label and its value on the card.
type pair struct{ label, value string }

// details is the card's body for the entry shown.
func (m *Model) details(cw, rows int) []string {
	s := m.ctx.Styles
	e := &m.entries[m.pos]
	out := m.cardHead(e, cw)
	room := rows - len(out) - 1
	if room <= 0 {
		return out
	}
	desc := m.descLines()
	heading := s.Label.Render(i18n.T("Description"))
	switch {
	case len(desc) == 0 && e.details == detailsLoading:
		heading += s.Subtle.Render("  " + i18n.T("loading…"))
	case len(desc) == 0 && e.details == detailsFailed:
		heading += s.Error.Render("  " + i18n.Tf("could not be read: %s", e.detailsErr.Error()))
	case len(desc) == 0:
		heading += s.Subtle.Render("  " + i18n.T("none"))
	case len(desc) > room:
		end := min(m.scroll+room, len(desc))
		heading += s.Subtle.Render("  " + i18n.Tf("lines %d–%d of %d · ↑/↓ scroll", m.scroll+1, end, len(desc)))
	}
	out = append(out, heading)
	return append(out, desc[min(m.scroll, len(desc)):min(m.scroll+room, len(desc))]...)
}

// cardHead is what the card shows above the description.
func (m *Model) cardHead(e *entry, cw int) []string {
	s := m.ctx.Styles
	id := "#" + e.item.ShortID() + " "
	idw := ansi.StringWidth(id)
	title := wrapClipped(common.Clean(e.item.Title), max(cw-idw, 8), titleLines)
	out := make([]string, 0, 16)
	for i, t := range title {
		lead := strings.Repeat(" ", idw)
		if i == 0 {
			lead = s.Subtle.Render(id)
		}
		out = append(out, lead+s.Title.Render(t))
	}
	out = append(out, "")
	left, right := columns(m.pairs(e.item), cw)
	lw := max(labelWidth(left), ansi.StringWidth(m.fieldHeading()))
	out = append(out, m.priorityLines(e, cw, lw)...)
	out = append(out, m.grid(left, right, cw, lw)...)
	return append(out, "")
}

// priorityLines show the field an answer sets (the priority, unless
// AnswerField): the value chosen in the queue with how its save went, or
// the item's own (none, or one the options lack).
func (m *Model) priorityLines(e *entry, cw, lw int) []string {
	s := m.ctx.Styles
	label := s.Label.Render(common.Fit(m.fieldHeading(), lw)) + " "
	current := e.item.DisplayPriority()
	if m.field != "" {
		current = m.field.Value(e.item)
	}
	var value string
	switch e.state {
	case saving, saved, failed:
		value = m.optionText(e.label) + s.Subtle.Render("  "+i18n.Tf("was %s", m.priorityName(current)))
		switch e.state {
		case saving:
			value += s.Pending.Render("  " + i18n.T("saving…"))
		case saved:
			value += s.Success.Render("  " + i18n.T("✓ saved"))
		default:
			value += s.Error.Render("  " + i18n.T("not saved"))
		}
	default:
		value = m.optionText(current)
		if e.state == skipped {
			value += s.Subtle.Render("  · " + i18n.T("skipped"))
		}
	}
	out := []string{label + common.Fit(value, cw-lw-1)}
	if e.state == failed && e.err != nil {
		indent := strings.Repeat(" ", lw+1)
		for i, l := range wrapClipped(i18n.Tf("failed: %s", common.Clean(e.err.Error())), max(cw-lw-3, 8), errLines) {
			mark := "  "
			if i == 0 {
				mark = s.Marks.Error + " "
			}
			out = append(out, indent+mark+s.Error.Render(l))
		}
	}
	return out
}

// optionText shows a priority value: its option's swatch and label, "none",
// or the value marked as missing from the options.
func (m *Model) optionText(value string) string {
	s := m.ctx.Styles
	if value == "" {
		return s.Subtle.Render(i18n.T("none"))
	}
	if m.field == engine.Owner && m.option(value) == nil {
		return people(value)
	}
	if o := m.option(value); o != nil {
		return s.Swatch(o.Color) + common.Clean(o.Label)
	}
	return s.Unknown.Render(ansi.Strip(s.Marks.Unknown)+" "+common.Clean(value)) + s.Subtle.Render("  "+i18n.T("not in this workspace's options"))
}

// priorityName is a priority value as its option's label, or as it is.
func (m *Model) priorityName(value string) string {
	if value == "" {
		return i18n.T("none")
	}
	if m.field == engine.Owner && m.option(value) == nil {
		return people(value)
	}
	if o := m.option(value); o != nil {
		return common.Clean(o.Label)
	}
	return common.Clean(value)
}

func (m *Model) option(value string) *api.PriorityOption {
	for i := range m.options {
		if m.options[i].Value == value {
			return &m.options[i]
		}
	}
	return nil
}

// pairs are the details of an item worth a look when setting its priority
// (or the field the queue answers); empty ones and the answered field,
// which the card shows first, are left out.
func (m *Model) pairs(it api.Item) []pair {
	ps := []pair{
		{i18n.T("Status"), m.fields.OptionLabel("status", it.Status)},
		{i18n.T("Owner"), people(it.Owner)},
		{i18n.T("Creator"), people(it.Creator)},
		{i18n.T("Labels"), strings.Join(strings.FieldsFunc(it.Label, func(r rune) bool { return r == '|' }), ", ")},
	}
	if it.Kind == api.Bug {
		ps = append(ps, pair{i18n.T("Severity"), it.Severity})
	}
	if it.IterationID != "0" {
		ps = append(ps, pair{i18n.T("Iteration"), m.fields.OptionLabel("iteration_id", it.IterationID)})
	}
	if it.Kind == api.Task && it.StoryID != "0" {
		ps = append(ps, pair{i18n.T("Story"), it.StoryID})
	}
	ps = append(ps, m.customPairs(it)...)
	ps = append(ps, pair{i18n.T("Created"), m.ctx.ShownTime(it.Created)}, pair{i18n.T("Modified"), m.ctx.ShownTime(it.Modified)}, pair{"ID", it.ID})
	out := ps[:0]
	answered := m.fieldHeading() // shown above the others, with its answer
	for _, p := range ps {
		if p.value = common.Clean(p.value); p.value != "" && p.label != answered {
			out = append(out, p)
		}
	}
	return out
}

// customPairs are the item's custom fields (custom_field_*) that hold a
// value, in the service's numbering, named by their labels when known.
func (m *Model) customPairs(it api.Item) []pair {
	var names []string
	for name := range it.Extra {
		if strings.HasPrefix(name, "custom_field_") {
			names = append(names, name)
		}
	}
	slices.SortFunc(names, func(a, b string) int {
		if d := customNumber(a) - customNumber(b); d != 0 {
			return d
		}
		return strings.Compare(a, b)
	})
	var out []pair
	for _, name := range names {
		v, _ := it.Get(name)
		label := m.labels[name]
		if label == "" {
			label = name
		}
		out = append(out, pair{label, v})
	}
	return out
}

// customNumber reads the number of custom_field_one … custom_field_eight,
// custom_field_9 …; 0 when it has none.
func customNumber(name string) int {
	suffix := strings.TrimPrefix(name, "custom_field_")
	words := []string{"one", "two", "three", "four", "five", "six", "seven", "eight"}
	if i := slices.Index(words, suffix); i >= 0 {
		return i + 1
	}
	n, _ := strconv.Atoi(suffix)
	return n
}

// columns splits pairs into the grid's columns: one, or two on a wide card
// (filled down, then across).
func columns(pairs []pair, cw int) (left, right []pair) {
	if cw < twoColumns {
		return pairs, nil
	}
	half := (len(pairs) + 1) / 2
	return pairs[:half], pairs[half:]
}

// labelWidth is the width of the widest label, at most maxLabel.
func labelWidth(pairs []pair) int {
	w := 0
	for _, p := range pairs {
		w = max(w, min(ansi.StringWidth(p.label), maxLabel))
	}
	return w
}

// grid lays the columns out side by side, the left labels lw wide.
func (m *Model) grid(left, right []pair, cw, lw int) []string {
	s := m.ctx.Styles
	cell := func(p pair, lw, width int) string {
		return s.Label.Render(common.Fit(p.label, lw)) + " " + common.Fit(p.value, max(width-lw-1, 1))
	}
	if len(right) == 0 {
		out := make([]string, len(left))
		for i, p := range left {
			out[i] = cell(p, lw, cw)
		}
		return out
	}
	colW := (cw - 2) / 2
	rw := labelWidth(right)
	out := make([]string, len(left))
	for i, p := range left {
		out[i] = cell(p, lw, colW)
		if i < len(right) {
			out[i] += "  " + cell(right[i], rw, cw-colW-2)
		}
	}
	return out
}

// descLines is the description of the item shown as plain text wrapped to
// the card, computed once per item and width.
func (m *Model) descLines() []string {
	if m.pos >= len(m.entries) {
		return nil
	}
	it := &m.entries[m.pos].item
	cw := max(m.width, minWidth) - 4
	if m.desc.valid && m.desc.id == it.ID && m.desc.width == cw {
		return m.desc.lines
	}
	var lines []string
	for _, l := range richtext.PlainText(it.Description) {
		lines = append(lines, wrapLines(l, cw)...)
	}
	m.desc = descCache{valid: true, id: it.ID, width: cw, lines: lines}
	return lines
}

// descCache holds the wrapped description of one item at one width.
type descCache struct {
	valid bool
	id    string
	width int
	lines []string
}

// descRows is how many lines of the description the card shows.
func (m *Model) descRows() int {
	if m.pos >= len(m.entries) {
		return 0
	}
	w := max(m.width, minWidth)
	rows := m.cardLines(len(m.footer(w))) - 2
	head := m.cardHead(&m.entries[m.pos], w-4)
	return max(rows-len(head)-1, 0)
}

// wrapLines wraps text to width cells, breaking words that do not fit; an
// empty text is one empty line.
func wrapLines(text string, width int) []string {
	return strings.Split(ansi.Wrap(text, max(width, 1), ""), "\n")
}

// wrapClipped wraps text to width and keeps n lines at most, the last cut
// with "…" when more would follow.
func wrapClipped(text string, width, n int) []string {
	lines := wrapLines(text, width)
	if len(lines) <= n {
		return lines
	}
	lines[n-1] = ansi.Truncate(lines[n-1]+" "+lines[n], width-1, "") + "…"
	return lines[:n]
}

// people writes nicks joined by ";" (each followed by one, as the service
// stores them) as a list.
func people(v string) string {
	var names []string
	for p := range strings.SplitSeq(v, ";") {
		if p = strings.TrimSpace(p); p != "" {
			names = append(names, p)
		}
	}
	return strings.Join(names, ", ")
}
