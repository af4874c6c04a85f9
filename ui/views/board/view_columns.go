package board

import (
	"strings"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/views/board/paint"
)

// writeColumns draws the column headers and the visible cards of the columns
// in view: the cost depends on the screen, not on the number of items.
func (m *Model) writeColumns(b *strings.Builder) {
	d := m.cur()
	n, w := m.fit(d)
	if d.left+n > shownCount(d) {
		n = shownCount(d) - d.left
	}
	s := m.ctx.Styles
	for k := range n {
		c := shownCol(d, d.left+k)
		col := &d.cols[c]
		count, dim := len(d.visible(c)), m.dimmed(d, c)
		key := headerKey{label: col.label, color: col.color, unknown: col.unknown, dimmed: dim, count: count, top: col.top, width: w - 1}
		b.WriteString(m.paint.lines.header(k).Get(key, func() string {
			label := i18n.T(col.label) + " " + columnCount(col, count, m.cardsShown())
			switch {
			case dim:
				return s.Subtle.Render(common.Fit("· "+label, w-1))
			case col.unknown:
				return s.UnknownHeader(strings.TrimPrefix(label, "? "), w-1)
			}
			return s.PriorityHeader(label, col.color, w-1)
		}))
		b.WriteByte(' ')
	}
	rows := m.bodyHeight()
	for y := range rows {
		b.WriteByte('\n')
		for k := range n {
			c := shownCol(d, d.left+k)
			m.writeCardLine(b, d, c, y, w-1)
			b.WriteByte(' ')
		}
	}
}

// writeCardLine draws line y of column c's cards, w cells wide.
func (m *Model) writeCardLine(b *strings.Builder, d *dataset, c, y, w int) {
	col := &d.cols[c]
	vis := d.visible(c)
	p := &m.paint
	selectedCol := c == d.cur
	card := col.top + y/cardLines
	if card >= len(vis) {
		if len(vis) == 0 && y == 0 {
			m.writeMark(b, selectedCol)
			b.WriteByte(' ')
			text := i18n.T("no items")
			if d.filtering() {
				text = i18n.T("no matches")
			}
			if selectedCol {
				p.selected.Fit(b, text, w-p.cursorWidth-1)
			} else {
				p.subtle.Fit(b, text, w-p.cursorWidth-1)
			}
			return
		}
		paint.Pad(b, w)
		return
	}
	i := vis[card]
	it := &d.items[i]
	selected := selectedCol && card == col.sel
	t := m.cardText(d, i, max(w-p.cursorWidth-stateCells, 0))
	mark, look := m.state(i, it)
	if selected {
		look = p.selected
	}
	switch y % cardLines {
	case 0:
		m.writeMark(b, selected)
		b.WriteString(mark)
		look.Write(b, t.first)
	case 1:
		m.writeSideMark(b, selected)
		paint.Pad(b, stateCells)
		look.Write(b, t.rest)
	default:
		m.writeSideMark(b, selected)
		paint.Pad(b, stateCells)
		if !selected {
			look = p.subtle
		}
		look.Write(b, t.detail)
	}
}

// writeSideMark draws the cursor's bar on the lines under a card's first,
// or blank cells.
func (m *Model) writeSideMark(b *strings.Builder, selected bool) {
	p := &m.paint
	if selected && !p.styles.NoColor {
		b.WriteString(p.cursor)
	} else {
		b.WriteString(p.blank)
	}
	paint.Pad(b, p.cursorWidth-1)
}

// stateCells is how many cells writeState writes.
const stateCells = 2

// writeState writes an item's two state cells (see state) and returns the
// paint of its title.
func (m *Model) writeState(b *strings.Builder, i int32, it *api.Item) paint.Paint {
	mark, look := m.state(i, it)
	b.WriteString(mark)
	return look
}

// state is an item's two state cells, the bulk mark then the edit state
// (pending, conflict, failed), the changed mark, or the mark of since you
// last looked (seen.go), and the paint of its title.
func (m *Model) state(i int32, it *api.Item) (string, paint.Paint) {
	p := &m.paint
	marks := &p.stateMarks[0]
	if m.marked(m.tab, it.ID) {
		marks = &p.stateMarks[1]
	}
	if st, ok := m.eng.State(m.tab, it.ID); ok {
		switch st {
		case engine.Pending:
			return marks.pending, p.pending
		case engine.Conflict:
			return marks.conflict, p.pending
		default:
			return marks.failed, p.bad
		}
	}
	if ch := m.changed[m.tab]; len(ch) > 0 && ch[it.ID] {
		return marks.changed, p.changed
	}
	if cell, ok := m.seenCell(i); ok {
		return marks.bulk + cell, p.changed
	}
	return marks.none, p.text
}

// writeMark draws the cursor mark, or as many blank cells.
func (m *Model) writeMark(b *strings.Builder, on bool) {
	p := &m.paint
	if on {
		b.WriteString(p.cursor)
	} else {
		b.WriteString(p.blank)
	}
	paint.Pad(b, p.cursorWidth-1)
}

// fitString is paint.WriteFit into a new string.
func fitString(text string, w int) string {
	var b strings.Builder
	b.Grow(w + len(text))
	paint.WriteFit(&b, text, w)
	return b.String()
}

// columnCount is a column header's count: the cards it holds, and where it
// is once scrolled past its first cards ("13–24 of 54").
func columnCount(col *column, total, shown int) string {
	if col.top == 0 || total == 0 {
		return common.Count(total)
	}
	last := min(col.top+shown, total)
	return i18n.Tf("%s–%s of %s", common.Count(col.top+1), common.Count(last), common.Count(total))
}
