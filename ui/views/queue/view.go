package queue

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/i18n"
)

// The screen: a heading with the counter, a blank line, the card (a box
// filling the height), then a blank line, the options with their numbers
// and a line of hints or of the last note.
const (
	headLines = 2
	minCard   = 5  // lines of the card, borders included, however small the screen
	minWidth  = 24 // narrower screens are drawn as if this wide
)

// View draws the queue, cut to the height.
func (m *Model) View() string {
	w := max(m.width, minWidth)
	foot := m.footer(w)
	lines := make([]string, 0, m.height)
	lines = append(lines, m.heading(w), "")
	lines = append(lines, m.card(w, m.cardLines(len(foot)))...)
	lines = append(lines, foot...)
	if m.height > 0 && len(lines) > m.height {
		lines = lines[:m.height]
	}
	return strings.Join(lines, "\n")
}

// cardLines is the height of the card, borders included.
func (m *Model) cardLines(footLines int) int {
	return max(m.height-headLines-footLines, minCard)
}

// heading is the title on the left and the counter on the right.
func (m *Model) heading(w int) string {
	s := m.ctx.Styles
	counter := m.counter()
	room := max(w-ansi.StringWidth(counter)-2, 1)
	return " " + s.Title.Render(common.Fit(i18n.T("Triage queue")+" · "+i18n.T(m.kind.Plural()), room)) + s.Subtle.Render(counter) + " "
}

// counter is "3 of 17 · 2 set · 1 skipped" (and failures, when any).
func (m *Model) counter() string {
	c := m.Counts()
	var b strings.Builder
	switch {
	case c.Total == 0:
		b.WriteString(i18n.T("nothing to do"))
	case m.pos >= c.Total:
		b.WriteString(i18n.Tf("done · %d set · %d skipped", c.Set, c.Skipped))
	default:
		b.WriteString(i18n.Tf("%s of %s · %s set · %s skipped", common.Count(c.Pos), common.Count(c.Total), common.Count(c.Set), common.Count(c.Skipped)))
	}
	if c.Failed > 0 {
		b.WriteString(" · " + i18n.Tf("%d failed", c.Failed))
	}
	return b.String()
}

// card draws the box of the item shown, as high as given, or the summary
// at the end, as high as it needs.
func (m *Model) card(w, height int) []string {
	cw := w - 4
	rows := max(height-2, 1)
	var body []string
	if m.pos < len(m.entries) {
		body = m.details(cw, rows)
	} else {
		body = m.summary(cw)
	}
	if len(body) > rows {
		body = body[:rows]
	}
	for len(body) < rows && m.pos < len(m.entries) {
		body = append(body, "")
	}
	for i, l := range body {
		body[i] = common.Fit(l, cw)
	}
	return strings.Split(m.ctx.Styles.Dialog.Render(strings.Join(body, "\n")), "\n")
}

// summary is the card once every item was seen: the counts, the failures.
func (m *Model) summary(cw int) []string {
	s := m.ctx.Styles
	if len(m.entries) == 0 {
		return []string{
			s.Title.Render(i18n.T("Nothing to triage.")),
			"",
			i18n.Tf("Every %s has a %s from this workspace's options.", i18n.T(m.kind.String()), i18n.T(m.fieldName())),
		}
	}
	c := m.Counts()
	out := []string{
		s.Title.Render(allSeen(c.Total, m.kind)),
		"",
		s.Success.Render(i18n.Tf("%d set", c.Set)) + s.Subtle.Render(" · ") + i18n.Tf("%d skipped", c.Skipped),
	}
	if n := m.count(saving); n > 0 {
		out = append(out, s.Pending.Render(i18n.Tf("%d still saving…", n)))
	}
	if c.Failed > 0 {
		out = append(out, "", s.Error.Render(i18n.Tf("%d not saved:", c.Failed)))
		for _, e := range m.entries {
			if e.state == failed {
				out = append(out, s.Marks.Error+" "+s.Subtle.Render("#"+e.item.ShortID())+" "+
					common.Clean(e.item.Title)+s.Subtle.Render(" — "+common.Clean(e.err.Error())))
			}
		}
	}
	return out
}

// count counts the entries in a state.
func (m *Model) count(st state) int {
	n := 0
	for _, e := range m.entries {
		if e.state == st {
			n++
		}
	}
	return n
}

// footer is a blank line, the options (on a card), and the hints or the
// last note.
func (m *Model) footer(w int) []string {
	s := m.ctx.Styles
	out := []string{""}
	if m.pos < len(m.entries) {
		out = append(out, m.optionRows(w)...)
	}
	if why := m.whyLine(w); why != "" {
		out = append(out, common.Fit(why, w))
	}
	var hint string
	closeKey := i18n.Tf("%s close", m.keys.Close.Help().Key)
	switch {
	case m.note != "":
		hint = s.Warning.Render(m.note)
	case len(m.entries) == 0:
		hint = s.Subtle.Render(closeKey)
	case m.pos >= len(m.entries):
		hint = s.Subtle.Render(i18n.T("b back to the last card") + " · " + closeKey)
	case len(m.options) > 0:
		hint = s.Subtle.Render(i18n.Tf("%s set and go on · s skip · b back · %s why · ↑/↓ scroll", m.digits(), m.keys.Why.Help().Key) + " · " + closeKey)
	default:
		hint = s.Subtle.Render(i18n.T("s skip · b back") + " · " + closeKey)
	}
	return append(out, "  "+common.Fit(hint, w-2))
}

// optionRows lists the options as numbered chips in their colours, as
// many on a line as fit; the one chosen for the item shown is marked.
func (m *Model) optionRows(w int) []string {
	s := m.ctx.Styles
	if len(m.options) == 0 {
		return []string{"  " + s.Subtle.Render(common.Fit(i18n.Tf("This workspace offers no %s.", i18n.T(m.fieldPlural())), w-2))}
	}
	chosen := ""
	if m.pos < len(m.entries) && m.entries[m.pos].state != untouched && m.entries[m.pos].state != skipped {
		chosen = m.entries[m.pos].label
	}
	var (
		rows []string
		line strings.Builder
		used int
	)
	for i, o := range m.options[:min(len(m.options), 9)] {
		label := common.Clean(o.Label)
		lw := min(ansi.StringWidth(label)+2, max(w-6, 4))
		mark := s.Marks.Blank
		if o.Value == chosen {
			mark = s.Marks.Cursor
		}
		chip := mark + s.Accent.Render(fmt.Sprint(i+1)) + " " + s.PriorityHeader(label, o.Color, lw)
		cw := 3 + lw
		if used > 0 && used+2+cw > w-1 {
			rows = append(rows, line.String())
			line.Reset()
			used = 0
		}
		if used == 0 {
			line.WriteString(" ")
			used = 1
		} else {
			line.WriteString("  ")
			used += 2
		}
		line.WriteString(chip)
		used += cw
	}
	return append(rows, line.String())
}

// allSeen is the heading of the queue walked to its end: "All 12 bugs
// seen.", "1 bug seen." for one.
func allSeen(n int, k api.Kind) string {
	if n == 1 {
		return i18n.Tf("1 %s seen.", i18n.T(k.String()))
	}
	return i18n.Tf("All %s %s seen.", common.Count(n), i18n.T(k.Path()))
}
