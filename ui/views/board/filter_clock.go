package board

// A filter by time (created:today, modified:>36h) is read at a moment: a
// board left open past midnight or for hours would keep yesterday's
// "today". Each message the board takes looks at the shown kind's filter,
// and one read a minute or more ago is read again at the board's clock.

// keepTimesCurrent reads the shown filter again when its times are
// outdated.
func (m *Model) keepTimesCurrent() {
	d := m.cur()
	if d == nil || d.query == "" || !d.tq.Outdated(d.now()) {
		return
	}
	m.applyAgain(d)
}

// applyAgain matches d's items against its filter again, read anew,
// keeping the cursor on its card where it still passes.
func (m *Model) applyAgain(d *dataset) {
	if d == m.cur() {
		m.keepSelection(d.rescan)
		return
	}
	d.rescan()
	m.clamp(d)
}
