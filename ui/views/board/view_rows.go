package board

import "triage/ui/views/board/listcols"

// A list row's cells are fitted to their widths once per item and layout,
// as a card's texts are (view_cards.go).

// rowText is a list row's cells, each fitted to its column, and what they
// were made from.
type rowText struct {
	layout                                                   listcols.Layout
	title, prio, status, owner, iter, sev, created, modified string
	cells                                                    [listcols.Count]string
	custom                                                   [listcols.MaxCustom]string // list_custom.go
	customFrom                                               string
}

// rowTexts keeps the row texts of the items of one dataset by position.
type rowTexts struct {
	set *dataset
	by  map[int32]*rowText
}

// rowText returns the cells of item i of d for layout l, making them when
// the item changed since or the layout did.
func (m *Model) rowText(d *dataset, i int32, l listcols.Layout, prio string) *rowText {
	c := &m.rows
	if c.set != d || len(c.by) >= maxCardTexts {
		c.set, c.by = d, make(map[int32]*rowText, 64)
	}
	it := &d.items[i]
	status := statusName(d.fields, it.Status)
	customFrom := d.customFrom(i, l)
	t := c.by[i]
	if t != nil && t.layout == l && t.title == it.Title && t.prio == prio && t.status == status &&
		t.owner == it.Owner && t.iter == it.IterationID && t.sev == it.Severity &&
		t.created == it.Created && t.modified == it.Modified && t.customFrom == customFrom {
		return t
	}
	if t == nil {
		t = new(rowText)
		c.by[i] = t
	}
	*t = rowText{layout: l, title: it.Title, prio: prio, status: status, owner: it.Owner,
		iter: it.IterationID, sev: it.Severity, created: it.Created, modified: it.Modified,
		custom: d.customTexts(i, l), customFrom: customFrom}
	texts := [listcols.Count]string{"#" + it.ShortID(), it.Title, prio, status, ownerName(it.Owner),
		iterationName(d.fields, it.IterationID), d.fields.OptionLabel("severity", it.Severity),
		m.listTime(it.Created, l), m.listTime(it.Modified, l)}
	for k := range texts {
		if l.W[k] > 0 {
			t.cells[k] = fitString(texts[k], l.W[k])
		}
	}
	return t
}

// listTime is a service time as the list shows it: in the user's zone, to
// the minute, without the year when the layout says so.
func (m *Model) listTime(service string, l listcols.Layout) string {
	shown := m.ctx.ShownTime(service)
	if l.ShortTime && len(shown) >= 16 {
		return shown[5:16]
	}
	return shown
}
