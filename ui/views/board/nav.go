package board

import (
	tea "charm.land/bubbletea/v2"

	"triage/ui/views/board/listorder"
)

// Layout of the board, top to bottom: the tabs, an information line (filter,
// progress), the column headers (or the table header), then the cards
// (three lines each: two of title, then id, status and owner) or the table
// rows. A column is at least minColWidth cells, so a card shows about 24
// cells of title a line: fewer columns fit, and the rest scroll.
const (
	headerLines = 3
	cardLines   = 3
	minColWidth = 29
	wheelStep   = 1
)

// bodyHeight is how many lines the cards or rows get.
func (m *Model) bodyHeight() int { return max(1, m.height-headerLines) }

// cardsShown is how many cards a column draws.
func (m *Model) cardsShown() int { return max(1, m.bodyHeight()/cardLines) }

// pageSize is how far page up and down move: one screen of cards or rows.
func (m *Model) pageSize() int {
	if m.mode == modeList {
		return m.bodyHeight()
	}
	return m.cardsShown()
}

// shownCount is how many columns the board shows: all, or the one the
// priority filter keeps.
func shownCount(d *dataset) int {
	if d.prio >= 0 {
		return 1
	}
	return len(d.cols)
}

// shownCol is the column at position k among those shown.
func shownCol(d *dataset, k int) int {
	if d.prio >= 0 {
		return d.prio
	}
	return k
}

// curPos is the position of the selected column among those shown.
func curPos(d *dataset) int {
	if d.prio >= 0 {
		return 0
	}
	return d.cur
}

// fit is how many columns fit across, and how wide each is.
func (m *Model) fit(d *dataset) (n, width int) {
	n = max(1, min(shownCount(d), m.width/minColWidth))
	return n, max(1, m.width/n)
}

// clamp keeps every cursor and scroll position of d within its items.
func (m *Model) clamp(d *dataset) {
	if d.prio >= 0 {
		d.cur = d.prio
	}
	d.cur = min(max(d.cur, 0), len(d.cols)-1)
	rows := m.cardsShown()
	for c := range d.cols {
		col := &d.cols[c]
		clampWindow(&col.sel, &col.top, len(d.visible(c)), rows)
	}
	if m.mode == modeList {
		clampWindow(&d.listSel, &d.listTop, len(d.rows()), m.bodyHeight())
	}
	n, _ := m.fit(d)
	pos := curPos(d)
	d.left = min(max(d.left, pos-n+1), pos)
	d.left = max(0, min(d.left, shownCount(d)-n))
}

// clampWindow keeps sel within n items and top such that sel is among the
// rows drawn from top.
func clampWindow(sel, top *int, n, rows int) {
	*sel = min(max(*sel, 0), max(n-1, 0))
	*top = min(max(*top, *sel-rows+1), *sel)
	*top = max(0, min(*top, n-rows))
}

// moveCursor moves the selection dy rows (cards or list rows) and dx columns.
func (m *Model) moveCursor(dx, dy int) {
	d := m.cur()
	if m.mode == modeList {
		d.listSel += dy
		m.clamp(d)
		return
	}
	if dx != 0 && d.prio < 0 {
		d.cur += dx
	}
	if dy != 0 {
		d.cols[d.cur].sel += dy
	}
	m.clamp(d)
}

// jump moves the selection to the first (end false) or last row.
func (m *Model) jump(end bool) {
	d := m.cur()
	n := 0
	if m.mode == modeList {
		n = len(d.rows())
	} else {
		n = len(d.visible(d.cur))
	}
	to := 0
	if end {
		to = n - 1
	}
	if m.mode == modeList {
		d.listSel = to
	} else {
		d.cols[d.cur].sel = to
	}
	m.clamp(d)
}

// selected is the item under the cursor.
func (m *Model) selected() (int32, bool) {
	d := m.cur()
	if m.mode == modeList {
		rows := d.rows()
		if d.listSel < len(rows) {
			return rows[d.listSel], true
		}
		return 0, false
	}
	vis := d.visible(d.cur)
	if sel := d.cols[d.cur].sel; sel < len(vis) {
		return vis[sel], true
	}
	return 0, false
}

// follow puts the cursor on item i, wherever it now is.
func (m *Model) follow(i int32) {
	d := m.cur()
	if m.mode == modeList {
		if p := listorder.Position(d.rows(), i, d.listLess); p >= 0 {
			d.listSel = p
		}
		m.clamp(d)
		return
	}
	c := int(d.col[i])
	if d.prio >= 0 && c != d.prio {
		m.clamp(d)
		return
	}
	if p := listorder.Position(d.visible(c), i, d.colLess); p >= 0 {
		d.cur = c
		d.cols[c].sel = p
	}
	m.clamp(d)
}

// onWheel scrolls the column (or list) under the mouse.
func (m *Model) onWheel(ev tea.Mouse) {
	step := 0
	switch ev.Button {
	case tea.MouseWheelUp:
		step = -wheelStep
	case tea.MouseWheelDown:
		step = wheelStep
	default:
		return
	}
	d := m.cur()
	if m.mode == modeList {
		d.listTop += step
		d.listSel = min(max(d.listSel, d.listTop), d.listTop+m.bodyHeight()-1)
		m.clamp(d)
		return
	}
	c, ok := m.columnAt(ev.X)
	if !ok {
		return
	}
	col := &d.cols[c]
	col.top = max(0, min(col.top+step, len(d.visible(c))-m.cardsShown()))
	col.sel = min(max(col.sel, col.top), col.top+m.cardsShown()-1)
	m.clamp(d)
}

// onClick selects the tab, card or row under the mouse.
func (m *Model) onClick(ev tea.Mouse) tea.Cmd {
	if ev.Button != tea.MouseLeft {
		return nil
	}
	if ev.Y == 0 {
		if k, ok := m.tabAt(ev.X); ok {
			return m.switchTab(k)
		}
		return nil
	}
	row := ev.Y - headerLines
	if row < 0 {
		return nil
	}
	d := m.cur()
	if m.mode == modeList {
		d.listSel = d.listTop + row
		m.clamp(d)
		return nil
	}
	c, ok := m.columnAt(ev.X)
	if !ok {
		return nil
	}
	d.cur = c
	d.cols[c].sel = d.cols[c].top + row/cardLines
	m.clamp(d)
	return nil
}

// columnAt is the column drawn at screen column x.
func (m *Model) columnAt(x int) (int, bool) {
	d := m.cur()
	n, w := m.fit(d)
	k := x / w
	if x < 0 || k >= n || d.left+k >= shownCount(d) {
		return 0, false
	}
	return shownCol(d, d.left+k), true
}
