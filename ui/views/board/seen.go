package board

import (
	tea "charm.land/bubbletea/v2"

	"triage/ui/filter"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// Since you last looked (the engine's marks, ui/engine/seen.go): a card
// someone else created since the user last looked shows +, one they
// changed ~, in columns and in the list; the tab counts them ("Bugs 180 ·
// 7 new"). The cursor resting on a marked card is looking at it: its mark
// goes once the cursor moves on. N goes to the next marked card (the
// filter's, in board order), Z takes every mark of the kind off, and the
// preview shows what changed (previewChanges).

// looking is the card under the cursor, whose mark goes when the cursor
// leaves it.
type looking struct {
	kind api.Kind
	i    int32
	id   string
}

// seenCell is the state cell of a marked item: + new, ~ changed; false
// when it is not marked.
func (m *Model) seenCell(i int32) (string, bool) {
	if !m.eng.Marked(m.tab, i) {
		return "", false
	}
	if m.eng.MarkedNew(m.tab, i) {
		return m.paint.seenNew, true
	}
	return m.paint.seenChanged, true
}

// The state cells of the marks.
const (
	seenNewMark     = "+"
	seenChangedMark = "~"
)

// seenTab is what a kind's tab adds for its marks: " · 7 new", or "".
func (m *Model) seenTab(k api.Kind) string {
	n := m.eng.MarkCount(k)
	if n == 0 {
		return ""
	}
	return " · " + i18n.Tf("%s new", common.Count(n))
}

// seenFollow looks at the card the cursor left, and has the history of the
// one under it read when the preview shows it.
func (m *Model) seenFollow() tea.Cmd {
	var cmds []tea.Cmd
	now := looking{kind: m.tab, i: -1}
	if i, ok := m.selected(); ok {
		now.i, now.id = i, m.cur().items[i].ID
	}
	if was := m.looking; was.id != "" && was != now {
		if d := m.sets[was.kind]; int(was.i) < len(d.items) && d.items[was.i].ID == was.id {
			cmds = append(cmds, m.eng.Look(was.kind, was.i))
		}
	}
	m.looking = now
	if now.id != "" && m.prev.Open() {
		cmds = append(cmds, m.eng.ReadHistory(now.kind, now.i))
	}
	return tea.Batch(cmds...)
}

// nextMarked puts the cursor on the next marked card after it, in board
// order (columns left to right, or the list's rows), around to the first.
func (m *Model) nextMarked() tea.Cmd {
	d := m.cur()
	if m.eng.MarkCount(m.tab) == 0 {
		return m.note(i18n.Tf("nothing new in %s since you last looked", kindsWord(m.tab)))
	}
	order := d.rows()
	if m.mode == modeColumns {
		order = nil
		for c := range d.cols {
			if d.prio < 0 || c == d.prio {
				order = append(order, d.visible(c)...)
			}
		}
	}
	start := -1
	if i, ok := m.selected(); ok {
		for p, j := range order {
			if j == i {
				start = p
				break
			}
		}
	}
	for step := 1; step <= len(order); step++ {
		i := order[(start+step+len(order))%len(order)]
		if m.eng.Marked(m.tab, i) && (step < len(order) || start < 0) {
			m.follow(i)
			return nil
		}
	}
	return m.note(i18n.Tf("the %s marked new are not shown: the filter hides them", countOf(m.eng.MarkCount(m.tab), m.tab)))
}

// seenAll takes every mark of the kind off.
func (m *Model) seenAll() tea.Cmd {
	return m.eng.LookAll(m.tab)
}

// onSeen filters again when the marks of a kind changed other than by a
// key and the filter selects by them (new:, changed:).
func (m *Model) onSeen(msg engine.SeenMsg) tea.Cmd {
	d := m.sets[msg.Kind]
	if d.tq.HasSeenTerms() {
		m.applyAgain(d)
	}
	return nil
}

// previewChanges are the changes of the item under the cursor since the
// user last looked, for the preview: marked says it is marked (new says
// created since), read that its history is in.
func (m *Model) previewChanges(it api.Item) (changes []engine.ChangeShown, marked, isNew, read bool) {
	i, ok := m.selected()
	if !ok || m.cur().items[i].ID != it.ID {
		return nil, false, false, false
	}
	changes, read = m.eng.ItemChanges(m.tab, i)
	return changes, m.eng.Marked(m.tab, i), m.eng.MarkedNew(m.tab, i), read
}

// seenPasses reports whether item i passes a term of the marks (new:,
// changed:).
func (d *dataset) seenPasses(t *filter.Term, i int32) bool {
	return filter.SeenPasses(t, d.src.Marked(i), d.src.MarkedNew(i))
}
