package board

import (
	"slices"
	"strings"

	"triage/api"
	"triage/ui/workspace"
)

// listCol is a column of the list mode, in the order drawn.
type listCol int

const (
	colID listCol = iota
	colTitle
	colPriority
	colStatus
	colOwner
	colIteration
	colSeverity // bugs
	colModified
	listCols // how many there are
)

// header is the column's heading.
func (c listCol) header() string {
	switch c {
	case colIteration:
		return "Iteration"
	case colSeverity:
		return "Severity"
	}
	return c.sortKey().String()
}

// name is how a view's columns: names the column.
func (c listCol) name() string { return strings.ToLower(c.header()) }

// sortKey is the key s sorts the column by; iteration and severity sort
// by nothing of their own (the priority's key: no arrow is drawn).
func (c listCol) sortKey() sortKey {
	return [listCols]sortKey{sortID, sortTitle, sortPriority, sortStatus, sortOwner, -1, -1, sortModified}[c]
}

// listLayout is the widths of the list's columns for a terminal width (0:
// not shown).
type listLayout struct {
	w         [listCols]int
	shortTime bool
}

// layoutList shares the width between the columns; the title takes the
// rest. When the title would be too narrow, the modified time goes first
// (unless the list is sorted by it), then the severity, then the
// iteration. Only bugs have a severity.
func layoutList(width, mark int, k api.Kind, sorted sortKey, chosen string) listLayout {
	l := listLayout{w: [listCols]int{9, 0, 12, 10, 12, 14, 9, 19}}
	if width < 100 {
		l = listLayout{w: [listCols]int{8, 0, 10, 8, 10, 10, 8, 11}, shortTime: true}
	}
	if k != api.Bug {
		l.w[colSeverity] = 0
	}
	if chosen != "" {
		names := strings.Split(chosen, ",")
		for c := range l.w {
			if col := listCol(c); col != colTitle && !slices.Contains(names, col.name()) {
				l.w[c] = 0
			}
		}
	}
	for _, drop := range []listCol{-1, colModified, colSeverity, colIteration} {
		if drop >= 0 && drop.sortKey() != sorted {
			l.w[drop] = 0
		}
		l.w[colTitle] = width - mark - 1
		for c, w := range l.w {
			if w > 0 && listCol(c) != colTitle {
				l.w[colTitle] -= w + 1
			}
		}
		if l.w[colTitle] >= listMinTitle {
			break
		}
	}
	l.w[colTitle] = max(l.w[colTitle], 1)
	return l
}

// writeList draws the table header and the visible rows.
func (m *Model) writeList(b *strings.Builder) {
	d := m.cur()
	p := &m.paint
	l := layoutList(m.width, p.cursorWidth+stateCells-1, d.kind, d.sort.key, m.listColumns)
	pad(b, p.cursorWidth+stateCells)
	for c, width := range l.w {
		if width == 0 {
			continue
		}
		col := listCol(c)
		if col > 0 {
			b.WriteByte(' ')
		}
		name := col.header()
		if col.sortKey() == d.sort.key {
			if d.sort.desc {
				name += " ▼"
			} else {
				name += " ▲"
			}
			p.accent.write(b, fitString(name, width))
			continue
		}
		p.subtle.write(b, fitString(name, width))
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
	cell := d.priorityCell(i)
	col := &cell
	t := m.rowText(d, i, l, cell.label)
	if selected {
		b.WriteString(p.selected.pre)
	}
	for k, text := range t.cells {
		if l.w[k] == 0 {
			continue
		}
		if k > 0 {
			b.WriteByte(' ')
		}
		switch {
		case selected:
			b.WriteString(text)
		case listCol(k) == colTitle:
			look.write(b, text)
		case listCol(k) == colPriority:
			m.writePriority(b, col, text)
		default:
			p.subtle.write(b, text)
		}
	}
	if selected {
		b.WriteString(p.selected.post)
	}
}

// priorityCell is how the list shows item i's priority: as its column,
// "none" for none; grouped by another field, as its option (label and
// colour), or the unknown value.
func (d *dataset) priorityCell(i int32) column {
	if d.groupField() == workspace.Priority {
		c := &d.cols[d.col[i]]
		label := c.label
		if c.option < 0 && !c.unknown {
			label = noneWord
		}
		return column{label: label, color: c.color, option: c.option, unknown: c.unknown}
	}
	v := d.items[i].DisplayPriority()
	if v == "" {
		return column{label: noneWord, option: -1}
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
