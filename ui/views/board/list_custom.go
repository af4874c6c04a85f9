package board

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/views/board/listcols"
)

// The kind's custom fields on the board: the list's custom columns
// (listcols/custom.go), those a view's columns: names, measured over the
// dataset's items only then and kept until an item changes or more arrive;
// and the filter's terms naming them.

// customCells are the custom fields as list columns, with the widest
// value of each among d's items, in display cells.
func (d *dataset) customCells() []listcols.Custom {
	if d.customWidths != nil && d.customFor == len(d.items) {
		return d.customWidths
	}
	out := make([]listcols.Custom, 0, len(d.custom))
	for _, cf := range d.custom {
		c := listcols.Custom{Name: cf.Name}
		for i := range d.items {
			v, _ := d.items[i].Get(cf.Field)
			if v != "" {
				c.Cells = max(c.Cells, ansi.StringWidth(cf.Shown(v)))
			}
		}
		out = append(out, c)
	}
	d.customWidths, d.customFor = out, len(d.items)
	return out
}

// layCustom adds the chosen custom columns to a list's layout.
func (m *Model) layCustom(d *dataset, l listcols.Layout, mark int) listcols.Layout {
	if m.listColumns == "" || len(d.custom) == 0 {
		return l
	}
	return listcols.LayCustom(l, m.width, mark, d.customCells(), m.listColumns)
}

// writeCustomHeaders draws the headings of the custom columns shown.
func (m *Model) writeCustomHeaders(b *strings.Builder, d *dataset, l listcols.Layout) {
	for k, w := range l.Custom {
		if w > 0 {
			b.WriteByte(' ')
			m.paint.subtle.Fit(b, d.custom[k].Name, w)
		}
	}
}

// customFrom is what item i's custom cells for layout l are made from:
// their values, to know when they change.
func (d *dataset) customFrom(i int32, l listcols.Layout) string {
	if l.Custom == ([listcols.MaxCustom]int{}) {
		return ""
	}
	var key strings.Builder
	for k, w := range l.Custom {
		if w > 0 {
			v, _ := d.items[i].Get(d.custom[k].Field)
			key.WriteString(v)
			key.WriteByte(0)
		}
	}
	return key.String()
}

// customTexts are item i's custom cells for layout l, fitted.
func (d *dataset) customTexts(i int32, l listcols.Layout) (cells [listcols.MaxCustom]string) {
	for k, w := range l.Custom {
		if w > 0 {
			cf := d.custom[k]
			v, _ := d.items[i].Get(cf.Field)
			cells[k] = fitString(cf.Shown(v), w)
		}
	}
	return cells
}

// setCustom gives d the kind's custom fields; a filter typed before they
// were known (a restored one, say) is read again with them.
func (d *dataset) setCustom(custom []api.CustomField) {
	known := len(d.custom)
	d.custom = custom
	if len(custom) != known && d.query != "" {
		q, me := d.query, d.me
		d.forgetPast()
		d.query = ""
		d.setQuery(q, me)
	}
}
