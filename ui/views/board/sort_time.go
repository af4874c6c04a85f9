package board

import (
	tea "charm.land/bubbletea/v2"

	"triage/ui/views/board/sortkey"
)

// listByTime is T (created) and E (modified): the list, newest first, in
// one key press; pressed again while the list is sorted so, it reverses.
// Only the list is sorted, so the columns give way to it.
func (m *Model) listByTime(k sortkey.Key) tea.Cmd {
	d := m.cur()
	s := sortkey.Sort{Key: k, Desc: true}
	if m.mode == modeList && d.sort.Key == k {
		s.Desc = !d.sort.Desc
	}
	m.keepSelection(func() {
		m.mode = modeList
		d.setSort(s)
	})
	return d.sortLater()
}
