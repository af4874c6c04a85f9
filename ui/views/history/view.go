package history

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"triage/store"
	"triage/ui/common"
	"triage/ui/components/richtext"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// The screen: a heading with the counts, a blank line, the column names,
// the visible rows, and (on a screen tall enough) the selected change in
// full under a rule.
const (
	headLines   = 3
	detailLines = 5  // the rule, the item, the change, two lines of its state
	minDetailed = 14 // screens lower than this show no detail
	minWidth    = 40 // narrower screens are drawn as if this wide

	todayCells = 8  // "15:04:05"
	whenCells  = 11 // "01-02 15:04"
	itemCells  = 16 // at most: "story #123456789"
	stateCells = 15 // "? maybe applied"
)

// rows is how many changes fit on the screen.
func (m *Model) rows() int {
	return max(m.height-headLines-m.detailHeight(), 1)
}

func (m *Model) detailHeight() int {
	if m.height < minDetailed {
		return 0
	}
	return detailLines
}

// View draws the history, cut to the height.
func (m *Model) View() string {
	s := m.ctx.Styles
	w := max(m.width, minWidth)
	lines := make([]string, 0, max(m.height, headLines))
	lines = append(lines, m.heading(w), "")
	if len(m.groups) == 0 {
		lines = append(lines,
			"  "+common.Fit(s.Text.Render(i18n.T("No changes in this session yet.")), w-2),
			"  "+common.Fit(s.Subtle.Render(i18n.T("Priority changes, renames and new items show up here as you make them.")), w-2))
		return m.cut(lines)
	}
	visible := m.groups[m.offset:min(m.offset+m.rows(), len(m.groups))]
	cols := m.columns(visible, w)
	head := columnTitles()
	lines = append(lines, s.Subtle.Render(common.Fit("  "+common.Fit(head[0], cols.when)+"  "+common.Fit(head[1], cols.item)+"  "+
		common.Fit(head[2], cols.change)+"  "+head[3], w)))
	for i, g := range visible {
		lines = append(lines, m.row(g, m.offset+i == m.cursor, cols))
	}
	if m.detailHeight() > 0 {
		for len(lines) < m.height-detailLines {
			lines = append(lines, "")
		}
		lines = append(lines, m.detail(w)...)
	}
	return m.cut(lines)
}

func (m *Model) cut(lines []string) string {
	if m.height > 0 && len(lines) > m.height {
		lines = lines[:m.height]
	}
	return strings.Join(lines, "\n")
}

// heading is the title on the left and the counts on the right.
func (m *Model) heading(w int) string {
	s := m.ctx.Styles
	counts := m.counts()
	room := max(w-ansi.StringWidth(counts)-2, 1)
	return " " + s.Title.Render(common.Fit(i18n.T("Changes this session"), room)) + s.Subtle.Render(counts) + " "
}

// counts is "5 changes · 2 waiting · 1 conflict · 1 failed", and how
// many steps made the changes when that is fewer.
func (m *Model) counts() string {
	var pending, conflicts, failed int
	for _, e := range m.edits {
		switch e.State {
		case store.StateConflict:
			conflicts++
		case store.StateFailed:
			failed++
		default:
			if e.State.Pending() {
				pending++
			}
		}
	}
	parts := []string{common.Plural(len(m.edits), i18n.T("change"), i18n.T("changes"))}
	if len(m.groups) < len(m.edits) {
		parts[0] = i18n.Tf("%s in %s", parts[0], common.Plural(len(m.groups), i18n.T("step"), i18n.T("steps")))
	}
	if pending > 0 {
		parts = append(parts, i18n.Tf("%s waiting", common.Count(pending)))
	}
	if conflicts > 0 {
		parts = append(parts, conflictCount(conflicts))
	}
	if failed > 0 {
		parts = append(parts, i18n.Tf("%s failed", common.Count(failed)))
	}
	return strings.Join(parts, " · ")
}

// columnTitles are the titles of the columns: when, item, change, state.
// They are one message, so that their words stay apart from the same
// words counted ("1 change").
func columnTitles() []string { return strings.Fields(i18n.T("when item change state")) }

// conflictCount is "1 conflict", "3 conflicts".
func conflictCount(n int) string {
	if n == 1 {
		return i18n.T("1 conflict")
	}
	return i18n.Tf("%s conflicts", common.Count(n))
}

// widths are the cells of the columns of the rows on screen.
type widths struct{ when, item, change int }

// columns sizes the columns to the rows on screen: times of today are
// shorter, and so are most items.
func (m *Model) columns(visible [][]store.Edit, w int) widths {
	now := m.ctx.Clock()
	c := widths{when: todayCells, item: ansi.StringWidth(columnTitles()[1])}
	for _, g := range visible {
		c.when = max(c.when, ansi.StringWidth(when(g[len(g)-1].CreatedAt, now)))
		c.item = max(c.item, min(ansi.StringWidth(stepTarget(g)), itemCells))
	}
	c.change = max(w-2-c.when-c.item-stateCells-6, 8)
	return c
}

// row is one step on one line: when, the items, what changed, its state.
func (m *Model) row(g []store.Edit, selected bool, cols widths) string {
	s := m.ctx.Styles
	mark := s.Marks.Blank
	if selected {
		mark = s.Marks.Cursor
	}
	e := g[len(g)-1]
	what := m.stepChange(g)
	if len(g) == 1 && e.Op == store.OpCreate {
		what = i18n.Tf("create %s", what)
	}
	if title := m.title(e); title != "" && oneItem(g) {
		what += "  " + s.Subtle.Render(title)
	}
	body := common.Fit(when(e.CreatedAt, m.ctx.Clock()), cols.when) + "  " + common.Fit(stepTarget(g), cols.item) + "  " +
		common.Fit(what, cols.change) + "  "
	if selected {
		body = s.Selected.Render(ansi.Strip(body))
	}
	return mark + " " + body + m.state(stepState(g))
}

// change says what the edit changes, and whether it undoes another or was
// undone.
func (m *Model) change(e store.Edit) string {
	return m.marks([]store.Edit{e}, m.plainChange(e))
}

// plainChange says what the edit changes: "Middle → High", two titles, the
// title (and priority) of a new item.
func (m *Model) plainChange(e store.Edit) string {
	var text string
	switch {
	case e.Op == store.OpTitle:
		text = fmt.Sprintf("%q → %q", common.Clean(e.From), common.Clean(e.To))
	case e.Op == store.OpCreate:
		text = fmt.Sprintf("%q", common.Clean(e.Title))
		if e.To != "" {
			text += " · " + m.value(e, e.To)
		}
	case e.Op == store.OpDescription:
		text = i18n.T("new description")
	case e.Op == store.OpComment:
		text = i18n.Tf("comment %q", common.Clean(strings.Join(richtext.PlainText(e.To), " ")))
	case namesItsField(e.Op):
		text = i18n.T(string(e.Op)) + " " + m.value(e, e.From) + " → " + m.value(e, e.To)
	default:
		text = m.value(e, e.From) + " → " + m.value(e, e.To)
	}
	return text
}

// value names a value of an edit's field as the board shows it (a
// priority's label, a status's name, owners as "alice, bob"), through the
// engine's names when it has them.
func (m *Model) value(e store.Edit, v string) string {
	if m.names == nil {
		return orNone(v)
	}
	return orNone(m.names(e, v))
}

// title is the item's title when known (a create names its own).
func (m *Model) title(e store.Edit) string {
	if e.Op == store.OpCreate {
		return ""
	}
	return common.Clean(m.titles[common.ItemRef{Kind: e.Kind, ID: e.ItemID}])
}

// state draws the edit's state, stateCells wide, with a mark that carries
// its meaning without colour.
func (m *Model) state(e store.Edit) string {
	s := m.ctx.Styles
	text, style := "", s.Text
	switch e.State {
	case store.StateSent:
		text, style = i18n.T("✓ sent"), s.Success
	case store.StateWaiting:
		text, style = i18n.T("… waiting"), s.Warning
	case store.StateSending:
		text, style = i18n.T("↑ sending"), s.Pending
	case store.StateMaybeApplied:
		text, style = i18n.T("? maybe applied"), s.Warning
	case store.StateConflict:
		text, style = i18n.T("! conflict"), s.Error
	case store.StateFailed:
		text, style = i18n.T("✗ failed"), s.Error
	case store.StateDiscarded:
		text, style = i18n.T("– discarded"), s.Subtle
	default:
		text = string(e.State)
	}
	return style.Render(common.Fit(text, stateCells))
}

// target names the item: "story #42", or "new story" before it exists.
func target(e store.Edit) string {
	t := engine.Target(e)
	if strings.HasPrefix(t, "#") {
		return i18n.T(e.Kind.String()) + " " + t
	}
	return t
}

// when writes a time of today as 15:04:05, of another day as 01-02 15:04,
// in the zone of now.
func when(t, now time.Time) string {
	if t.IsZero() {
		return "—"
	}
	t = t.In(now.Location())
	if y, mo, d := t.Date(); y == now.Year() && mo == now.Month() && d == now.Day() {
		return t.Format("15:04:05")
	}
	return t.Format("01-02 15:04")
}

// ago says how long before now t was, roughly.
func ago(t, now time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return i18n.T("just now")
	case d < time.Hour:
		return i18n.Tf("%s ago", common.Plural(int(d/time.Minute), i18n.T("minute"), i18n.T("minutes")))
	case d < 24*time.Hour:
		return i18n.Tf("%s ago", common.Plural(int(d/time.Hour), i18n.T("hour"), i18n.T("hours")))
	}
	return i18n.Tf("%s ago", common.Plural(int(d/(24*time.Hour)), i18n.T("day"), i18n.T("days")))
}

func orNone(s string) string {
	if s = common.Clean(s); s == "" {
		return i18n.T("none")
	}
	return s
}
