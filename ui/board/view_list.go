package board

import "strings"

// listLayout is the widths of the list's columns for a terminal width.
type listLayout struct {
	id, title, priority, status, owner, modified int
	shortTime                                    bool
}

// layoutList shares the width between the columns; the title takes the rest.
func layoutList(width, mark int) listLayout {
	l := listLayout{id: 9, priority: 12, status: 10, owner: 12, modified: 19}
	if width < 100 {
		l = listLayout{id: 8, priority: 10, status: 8, owner: 10, modified: 11, shortTime: true}
	}
	l.title = width - mark - 1 - l.id - l.priority - l.status - l.owner - l.modified - 5
	if l.title < listMinTitle {
		l.modified = 0
		l.title = width - mark - 1 - l.id - l.priority - l.status - l.owner - 4
	}
	l.title = max(l.title, 1)
	return l
}

// writeList draws the table header and the visible rows.
func (m *Model) writeList(b *strings.Builder) {
	d := m.cur()
	p := &m.paint
	l := layoutList(m.width, p.cursorWidth+stateCells-1)
	pad(b, p.cursorWidth+stateCells)
	cells := []struct {
		key   sortKey
		width int
	}{{sortID, l.id}, {sortTitle, l.title}, {sortPriority, l.priority}, {sortStatus, l.status}, {sortOwner, l.owner}, {sortModified, l.modified}}
	for k, cell := range cells {
		if cell.width == 0 {
			continue
		}
		if k > 0 {
			b.WriteByte(' ')
		}
		name := cell.key.String()
		if cell.key == d.sort.key {
			if d.sort.desc {
				name += " ▼"
			} else {
				name += " ▲"
			}
			p.accent.write(b, fitString(name, cell.width))
			continue
		}
		p.subtle.write(b, fitString(name, cell.width))
	}
	rows := d.rows()
	for y := range m.bodyHeight() {
		b.WriteByte('\n')
		r := d.listTop + y
		if r >= len(rows) {
			if len(rows) == 0 && y == 0 {
				m.writeMark(b, true)
				p.subtle.write(b, " no items")
			}
			continue
		}
		m.writeRow(b, d, rows[r], r == d.listSel, l)
	}
}

// writeRow draws one item of the list.
func (m *Model) writeRow(b *strings.Builder, d *dataset, i int32, selected bool, l listLayout) {
	p := &m.paint
	it := &d.items[i]
	m.writeMark(b, selected)
	look := m.writeState(b, it)
	col := &d.cols[d.col[i]]
	prio := col.label
	if col.option < 0 && !col.unknown {
		prio = noneWord
	}
	t := m.rowText(d, i, l, prio)
	if selected {
		b.WriteString(p.selected.pre)
	}
	for k, text := range t.cells {
		if k == 5 && l.modified == 0 {
			continue
		}
		if k > 0 {
			b.WriteByte(' ')
		}
		switch {
		case selected:
			b.WriteString(text)
		case k == 1:
			look.write(b, text)
		case k == 2:
			m.writePriority(b, col, text)
		default:
			p.subtle.write(b, text)
		}
	}
	if selected {
		b.WriteString(p.selected.post)
	}
}

// writePriority draws a priority cell in its option's colour; unknown values
// in the warning style (their "? " prefix carries it without colour).
func (m *Model) writePriority(b *strings.Builder, col *column, text string) {
	p := &m.paint
	switch {
	case col.unknown:
		p.warning.write(b, text)
	case col.color != "":
		m.priorityPaint(col.color).write(b, text)
	default:
		p.text.write(b, text)
	}
}

// priorityPaint is the paint of a priority colour, made once per colour.
func (m *Model) priorityPaint(hex string) paint {
	if pt, ok := m.paint.colors[hex]; ok {
		return pt
	}
	pt := paint{}
	if c := m.ctx.Styles.PriorityColor(hex); c != nil {
		pt = newPaint(m.ctx.Styles.Text.Foreground(c))
	}
	if m.paint.colors == nil {
		m.paint.colors = make(map[string]paint)
	}
	m.paint.colors[hex] = pt
	return pt
}
