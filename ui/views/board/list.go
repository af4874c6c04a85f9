package board

import (
	"cmp"
	"strings"

	"triage/ui/views/board/sortkey"
)

// listCmp orders items in list mode: by the sort key (reversed when
// descending), then in column order.
func (d *dataset) listCmp(a, b int32) int {
	x, y := a, b
	if d.sort.Desc {
		x, y = b, a
	}
	if c := d.keyCmp(d.sort.Key, x, y); c != 0 {
		return c
	}
	if d.colLess(a, b) {
		return -1
	}
	if a == b {
		return 0
	}
	return 1
}

func (d *dataset) listLess(a, b int32) bool { return d.listCmp(a, b) < 0 }

// keyCmp compares two items by a sort key alone. The priority is the
// columns' order, unless the board is grouped by another field.
func (d *dataset) keyCmp(k sortkey.Key, a, b int32) int {
	switch {
	case k == sortkey.Priority && d.group == "":
		return cmp.Compare(d.col[a], d.col[b])
	case k == sortkey.Priority:
		return d.priorityCmp(a, b)
	}
	return sortkey.Compare(k, d.sortText(k, a), d.sortText(k, b))
}

// sortText is what item i is sorted by under a key other than the priority.
func (d *dataset) sortText(k sortkey.Key, i int32) string {
	it := &d.items[i]
	switch k {
	case sortkey.ID:
		return it.ID
	case sortkey.Title:
		return it.Title
	case sortkey.Status:
		return it.Status
	case sortkey.Owner:
		return ownerName(it.Owner)
	case sortkey.Created:
		return it.Created
	}
	return it.Modified
}

// setSort changes the list order; the list is rebuilt when next shown.
func (d *dataset) setSort(s sortkey.Sort) {
	if s == d.sort {
		return
	}
	d.sort = s
	d.listDirty = true
}

// rows returns the items the list shows, rebuilding them after a filter or
// the order changed: one pass over the order kept (orders.go).
func (d *dataset) rows() []int32 {
	if !d.listDirty {
		return d.list
	}
	d.listDirty = false
	list := d.list[:0]
	if d.sort.Key == sortkey.Priority && d.group == "" {
		// The priority order is the columns': the list is what they show.
		for n := range d.cols {
			c := n
			if d.sort.Desc {
				c = len(d.cols) - 1 - n
			}
			if d.prio < 0 || c == d.prio {
				list = append(list, d.visible(c)...)
			}
		}
		d.list = list
		return d.list
	}
	all := !d.filtering() && d.prio < 0
	for i := range d.inListOrder() {
		if all || d.shownInList(i) {
			list = append(list, i)
		}
	}
	d.list = list
	return d.list
}

// priorityCmp compares two items by priority in the order of the
// priority's columns, values no option knows last, by name; for a board
// grouped by another field, whose columns are not the priorities.
func (d *dataset) priorityCmp(a, b int32) int {
	pa, pb := d.items[a].DisplayPriority(), d.items[b].DisplayPriority()
	ra, ka := d.priorityCol[pa]
	rb, kb := d.priorityCol[pb]
	if !ka {
		ra = len(d.opts) + 1
	}
	if !kb {
		rb = len(d.opts) + 1
	}
	return cmp.Or(cmp.Compare(ra, rb), strings.Compare(pa, pb))
}
