package board

import (
	"iter"

	tea "charm.land/bubbletea/v2"

	"triage/ui/views/board/sortkey"
)

// The list's orders are kept (listorder.Kept): every item sorted by a key
// the first time the list is sorted by it (the key ascending, then column
// order), then kept in place as items come and change. The priority needs
// no order of its own while it is the columns' order. When the list is
// first shown, the other orders are sorted away from the keys, so that s
// finds them ready.

// sortLater sorts the orders not kept yet away from the keys.
func (d *dataset) sortLater() tea.Cmd {
	keys := make([]int, 0, sortkey.Count-sortkey.ID)
	for k := sortkey.ID; k < sortkey.Count; k++ {
		keys = append(keys, int(k))
	}
	return d.orders.SortLater(keys, len(d.items),
		func(k int, i int32) string { return d.sortText(sortkey.Key(k), i) },
		func(k int, a, b string) int { return sortkey.Compare(sortkey.Key(k), a, b) }, d.seq)
}

// orderCmp orders items by key k ascending, then in column order.
func (d *dataset) orderCmp(k int, a, b int32) int {
	if c := d.keyCmp(sortkey.Key(k), a, b); c != 0 {
		return c
	}
	return d.colCmp(a, b)
}

// inListOrder yields every item in list order: by the sort key, reversed
// when descending, equal keys in column order.
func (d *dataset) inListOrder() iter.Seq[int32] {
	return func(yield func(int32) bool) {
		k := d.sort.Key
		if k == sortkey.Priority && d.group == "" {
			for n := range d.cols {
				c := n
				if d.sort.Desc {
					c = len(d.cols) - 1 - n
				}
				for _, i := range d.cols[c].all {
					if !yield(i) {
						return
					}
				}
			}
			return
		}
		o := d.orders.Order(int(k), len(d.items), d.orderCmp)
		if !d.sort.Desc {
			for _, i := range o {
				if !yield(i) {
					return
				}
			}
			return
		}
		for end := len(o); end > 0; {
			start := end - 1
			for start > 0 && d.keyCmp(k, o[start-1], o[end-1]) == 0 {
				start--
			}
			for _, i := range o[start:end] {
				if !yield(i) {
					return
				}
			}
			end = start
		}
	}
}
