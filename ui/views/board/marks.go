package board

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/i18n"
)

// Marks pick the cards a bulk edit acts on (bulk.go): space marks one, V a
// column (or the list), esc clears them. They are kept per kind.

// markHint is what the status line says a mark is for.
const markHint = "a priority key, m, a, A, i or x changes every marked card · esc clears the marks"

// marking reports whether cards of the current kind are marked.
func (m *Model) marking() bool { return len(m.marks[m.tab]) > 0 }

// markCount is how many cards of the current kind are marked.
func (m *Model) markCount() int { return len(m.marks[m.tab]) }

// marked reports whether an item of a kind is marked.
func (m *Model) marked(kind api.Kind, id string) bool {
	return len(m.marks[kind]) > 0 && m.marks[kind][id]
}

// unmark takes the mark off an item.
func (m *Model) unmark(kind api.Kind, id string) { delete(m.marks[kind], id) }

// toggleMark marks the selected card, or takes its mark off.
func (m *Model) toggleMark() tea.Cmd {
	i, ok := m.selected()
	if !ok {
		return nil
	}
	d := m.cur()
	id := d.items[i].ID
	if m.marks[m.tab] == nil {
		m.marks[m.tab] = make(map[string]bool)
	}
	if m.marks[m.tab][id] {
		delete(m.marks[m.tab], id)
		return m.note(i18n.Tf("unmarked #%s", api.ShortID(id)))
	}
	m.marks[m.tab][id] = true
	return m.note(i18n.Tf("marked #%s: %s", api.ShortID(id), i18n.T(markHint)))
}

// markShown marks every card of the current column that passes the filters
// (in list mode, every row).
func (m *Model) markShown() tea.Cmd {
	d := m.cur()
	rows := d.visible(d.cur)
	where := i18n.T(d.cols[d.cur].label)
	if m.mode == modeList {
		rows, where = d.rows(), i18n.T("the list")
	}
	if len(rows) == 0 {
		return m.note(i18n.Tf("nothing to mark in %s", where))
	}
	if m.marks[m.tab] == nil {
		m.marks[m.tab] = make(map[string]bool, len(rows))
	}
	for _, i := range rows {
		m.marks[m.tab][d.items[i].ID] = true
	}
	return m.note(i18n.Tf("marked %d in %s: %s", len(rows), where, i18n.T(markHint)))
}

// clearMarks takes every mark of the current kind off.
func (m *Model) clearMarks() tea.Cmd {
	n := m.markCount()
	m.marks[m.tab] = nil
	return m.note(marksCleared(n))
}

// markedItems are the marked items of the current kind, in board order.
func (m *Model) markedItems() []int32 {
	d := m.cur()
	marks := m.marks[m.tab]
	out := make([]int32, 0, len(marks))
	for i := range d.items {
		if marks[d.items[i].ID] {
			out = append(out, int32(i))
		}
	}
	slices.SortFunc(out, d.boardCmp)
	return out
}

// marksCleared says how many marks esc took off: "1 mark cleared".
func marksCleared(n int) string {
	if n == 1 {
		return i18n.T("1 mark cleared")
	}
	return i18n.Tf("%s marks cleared", common.Count(n))
}
