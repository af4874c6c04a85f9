package board

import (
	"cmp"
	"slices"
	"strings"
)

// sortKey is the column the list mode sorts by.
type sortKey int

const (
	sortPriority sortKey = iota
	sortID
	sortTitle
	sortStatus
	sortOwner
	sortModified
	sortKeys // how many there are
)

// String is the header of the column the key sorts by.
func (k sortKey) String() string {
	switch k {
	case sortID:
		return "ID"
	case sortTitle:
		return "Title"
	case sortStatus:
		return "Status"
	case sortOwner:
		return "Owner"
	case sortModified:
		return "Modified"
	}
	return "Priority"
}

// listSort is the order of the list mode.
type listSort struct {
	key  sortKey
	desc bool
}

// listCmp orders items in list mode: by the sort key (reversed when
// descending), then in column order.
func (d *dataset) listCmp(a, b int32) int {
	x, y := a, b
	if d.sort.desc {
		x, y = b, a
	}
	if c := d.keyCmp(x, y); c != 0 {
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

// keyCmp compares two items by the sort key alone.
func (d *dataset) keyCmp(a, b int32) int {
	ia, ib := &d.items[a], &d.items[b]
	switch d.sort.key {
	case sortID:
		return cmp.Or(cmp.Compare(len(ia.ID), len(ib.ID)), strings.Compare(ia.ID, ib.ID))
	case sortTitle:
		return strings.Compare(ia.Title, ib.Title)
	case sortStatus:
		return strings.Compare(ia.Status, ib.Status)
	case sortOwner:
		return strings.Compare(ownerName(ia.Owner), ownerName(ib.Owner))
	case sortModified:
		return strings.Compare(ia.Modified, ib.Modified)
	}
	return cmp.Compare(d.col[a], d.col[b])
}

// setSort changes the list order; the list is sorted when next shown.
func (d *dataset) setSort(s listSort) {
	if s == d.sort {
		return
	}
	d.sort = s
	d.permSorted = false
	d.listDirty = true
}

// rows returns the items the list shows, rebuilding them after a filter or
// sort changed. Sorting (n log n) happens here only, when the order changed
// or the list is first shown.
func (d *dataset) rows() []int32 {
	if !d.listDirty {
		return d.list
	}
	if !d.permSorted {
		slices.SortFunc(d.perm, d.listCmp)
		d.permSorted = true
	}
	d.listDirty = false
	if !d.filtering() && d.prio < 0 {
		d.list = append(d.list[:0], d.perm...)
		return d.list
	}
	list := d.list[:0]
	for _, i := range d.perm {
		if d.shownInList(i) {
			list = append(list, i)
		}
	}
	d.list = list
	return d.list
}
