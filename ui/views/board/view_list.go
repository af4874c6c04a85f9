package board

import (
	"strings"

	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/views/board/listcols"
	"triage/ui/views/board/paint"
)

// writeList draws the table header and the visible rows.
func (m *Model) writeList(b *strings.Builder) {
	d := m.cur()
	p := &m.paint
	l := listcols.Lay(m.width, p.cursorWidth+stateCells-1, d.listCells(), d.kind, d.sort.Key, m.listColumns)
	l = m.layCustom(d, l, p.cursorWidth+stateCells-1)
	paint.Pad(b, p.cursorWidth+stateCells)
	for c, width := range l.W {
		if width == 0 {
			continue
		}
		col := listcols.Col(c)
		if col > 0 {
			b.WriteByte(' ')
		}
		name := col.Header()
		if col.SortKey() == d.sort.Key {
			if d.sort.Desc {
				name += " ▼"
			} else {
				name += " ▲"
			}
			p.accent.Fit(b, name, width)
			continue
		}
		p.subtle.Fit(b, name, width)
	}
	m.writeCustomHeaders(b, d, l)
	rows := d.rows()
	for y := range m.bodyHeight() {
		b.WriteByte('\n')
		r := d.listTop + y
		if r >= len(rows) {
			if len(rows) == 0 && y == 0 {
				m.writeMark(b, true)
				p.subtle.Write(b, " "+i18n.T("no items"))
			}
			continue
		}
		m.writeRow(b, d, rows[r], r == d.listSel, l)
	}
}

// writeRow draws one item of the list.
func (m *Model) writeRow(b *strings.Builder, d *dataset, i int32, selected bool, l listcols.Layout) {
	p := &m.paint
	it := &d.items[i]
	m.writeMark(b, selected)
	look := m.writeState(b, i, it)
	cell := d.priorityCell(i)
	col := &cell
	t := m.rowText(d, i, l, cell.label)
	if selected {
		p.selected.Start(b)
	}
	for k, text := range t.cells {
		if l.W[k] == 0 {
			continue
		}
		if k > 0 {
			b.WriteByte(' ')
		}
		switch {
		case selected:
			b.WriteString(text)
		case listcols.Col(k) == listcols.Title:
			look.Write(b, text)
		case listcols.Col(k) == listcols.Priority:
			m.writePriority(b, col, text)
		default:
			p.subtle.Write(b, text)
		}
	}
	for k, text := range t.custom {
		if l.Custom[k] == 0 {
			continue
		}
		b.WriteByte(' ')
		if selected {
			b.WriteString(text)
		} else {
			p.subtle.Write(b, text)
		}
	}
	if selected {
		p.selected.End(b)
	}
}

// priorityCell is how the list shows item i's priority: as its column,
// "none" for none; grouped by another field, as its option (label and
// colour), or the unknown value.
func (d *dataset) priorityCell(i int32) column {
	if d.groupField() == engine.Priority {
		c := &d.cols[d.col[i]]
		label := c.label
		if c.option < 0 && !c.unknown {
			label = i18n.T(noneWord)
		}
		return column{label: label, color: c.color, option: c.option, unknown: c.unknown}
	}
	v := d.items[i].DisplayPriority()
	if v == "" {
		return column{label: i18n.T(noneWord), option: -1}
	}
	for k, o := range d.opts {
		if o.Value == v || o.Label == v {
			return column{label: o.Label, color: o.Color, option: k}
		}
	}
	return column{label: "? " + v, option: -1, unknown: true}
}

// writePriority draws a priority cell in its option's colour; unknown values
// in the warning style (their "? " prefix carries it without colour).
func (m *Model) writePriority(b *strings.Builder, col *column, text string) {
	p := &m.paint
	switch {
	case col.unknown:
		p.warning.Write(b, text)
	case col.color != "":
		m.priorityPaint(col.color).Write(b, text)
	default:
		p.text.Write(b, text)
	}
}

// priorityPaint is the paint of a priority colour, made once per colour.
func (m *Model) priorityPaint(hex string) paint.Paint {
	if pt, ok := m.paint.colors[hex]; ok {
		return pt
	}
	pt := paint.Paint{}
	if c := m.ctx.Styles.PriorityColor(hex); c != nil {
		pt = paint.New(m.ctx.Styles.Text.Foreground(c))
	}
	if m.paint.colors == nil {
		m.paint.colors = make(map[string]paint.Paint)
	}
	m.paint.colors[hex] = pt
	return pt
}
