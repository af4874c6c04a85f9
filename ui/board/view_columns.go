package board

import (
	"strings"

	"triage/api"
	"triage/ui/workspace"
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
		label := col.label + " " + thousands(len(d.visible(c)))
		switch {
		case col.unknown:
			label = strings.TrimPrefix(label, "? ")
			b.WriteString(s.UnknownHeader(label, w-1))
		default:
			b.WriteString(s.PriorityHeader(label, col.color, w-1))
		}
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
			text := "no items"
			if d.filtering() {
				text = "no matches"
			}
			if selectedCol {
				p.selected.fit(b, text, w-p.cursorWidth-1)
			} else {
				p.subtle.fit(b, text, w-p.cursorWidth-1)
			}
			return
		}
		pad(b, w)
		return
	}
	i := vis[card]
	it := &d.items[i]
	selected := selectedCol && card == col.sel
	switch y % cardLines {
	case 0:
		m.writeCardTitle(b, it, selected, w)
		return
	case 1:
		m.writeCardMore(b, it, selected, w)
		return
	}
	m.writeCardDetail(b, d, it, selected, w)
}

// writeCardMore draws a card's second line: the rest of its title.
func (m *Model) writeCardMore(b *strings.Builder, it *api.Item, selected bool, w int) {
	p := &m.paint
	m.writeSideMark(b, selected)
	pad(b, stateCells)
	room := max(w-p.cursorWidth-stateCells, 0)
	_, rest := splitTitle(it.Title, room)
	if selected {
		p.selected.fit(b, rest, room)
	} else {
		m.titleLook(it).fit(b, rest, room)
	}
}

// writeCardDetail draws a card's last line: short id, status name, owners.
func (m *Model) writeCardDetail(b *strings.Builder, d *dataset, it *api.Item, selected bool, w int) {
	p := &m.paint
	m.writeSideMark(b, selected)
	pad(b, stateCells)
	detail := "#" + it.ShortID()
	if st := statusName(d.fields, it.Status); st != "" {
		detail += " · " + st
	}
	if owner := ownerName(it.Owner); owner != "" {
		detail += " · " + owner
	}
	room := max(w-p.cursorWidth-stateCells, 0)
	if selected {
		p.selected.fit(b, detail, room)
	} else {
		p.subtle.fit(b, detail, room)
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
	pad(b, p.cursorWidth-1)
}

// writeCardTitle draws a card's first line: cursor, bulk mark, edit state
// (or changed since the cached board) and the first line of its title.
func (m *Model) writeCardTitle(b *strings.Builder, it *api.Item, selected bool, w int) {
	p := &m.paint
	m.writeMark(b, selected)
	look := m.writeState(b, it)
	room := max(w-p.cursorWidth-stateCells, 0)
	first, _ := splitTitle(it.Title, room)
	if selected {
		p.selected.fit(b, first, room)
		return
	}
	look.fit(b, first, room)
}

// titleLook is the paint of an item's title, as writeState chooses it.
func (m *Model) titleLook(it *api.Item) paint {
	var sink strings.Builder
	return m.writeState(&sink, it)
}

// stateCells is how many cells writeState writes.
const stateCells = 2

// writeState writes an item's two state cells, the bulk mark then the edit
// state (pending, conflict, failed) or the changed mark, and returns the
// paint of its title.
func (m *Model) writeState(b *strings.Builder, it *api.Item) paint {
	p := &m.paint
	if m.marked(m.tab, it.ID) {
		b.WriteString(p.markedMark)
	} else {
		b.WriteByte(' ')
	}
	if st, ok := m.eng.State(m.tab, it.ID); ok {
		switch st {
		case workspace.Pending:
			b.WriteString(p.pendingMark)
			return p.pending
		case workspace.Conflict:
			b.WriteString(p.conflictMark)
			return p.pending
		default:
			b.WriteString(p.failedMark)
			return p.bad
		}
	}
	if ch := m.changed[m.tab]; len(ch) > 0 && ch[it.ID] {
		b.WriteString(p.changedMark)
		return p.changed
	}
	b.WriteByte(' ')
	return p.text
}

// writeMark draws the cursor mark, or as many blank cells.
func (m *Model) writeMark(b *strings.Builder, on bool) {
	p := &m.paint
	if on {
		b.WriteString(p.cursor)
	} else {
		b.WriteString(p.blank)
	}
	pad(b, p.cursorWidth-1)
}

// fitString is writeFit into a new string.
func fitString(text string, w int) string {
	var b strings.Builder
	b.Grow(w + len(text))
	writeFit(&b, text, w)
	return b.String()
}
