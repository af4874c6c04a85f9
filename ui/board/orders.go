package board

import (
	"iter"
	"slices"

	tea "charm.land/bubbletea/v2"
)

// The list's orders are kept. The first time the list is sorted by a key,
// every item is sorted by it once (the key ascending, then column order);
// from then on new and changed items are put in place, so choosing that key
// again, or reversing it, costs one pass over its order. The priority needs
// no order of its own: it is the columns' order. When the list is first
// shown, the other orders are sorted away from the keys, from a copy of what
// they sort by, so that s finds them ready.

// keptOrders is every item sorted by each key: nil for a key not sorted by
// yet, and for the priority while it is the columns' order.
type keptOrders struct {
	by      [sortKeys][]int32
	changes uint64 // counts the changes of items, so an order sorted meanwhile is not taken
	sorting bool   // orders are being sorted away from the keys
}

// ordersMsg brings the orders sorted away from the keys.
type ordersMsg struct {
	set     *dataset
	changes uint64
	by      [sortKeys][]int32
}

// sortLater sorts the orders not kept yet away from the keys.
func (d *dataset) sortLater() tea.Cmd {
	if d.orders.sorting {
		return nil
	}
	var texts [sortKeys][]string
	wanted := false
	for k := sortID; k < sortKeys; k++ {
		if d.orders.by[k] != nil {
			continue
		}
		t := make([]string, len(d.items))
		for i := range t {
			t[i] = d.sortText(k, int32(i))
		}
		texts[k], wanted = t, true
	}
	if !wanted {
		return nil
	}
	d.orders.sorting = true
	msg := ordersMsg{set: d, changes: d.orders.changes}
	seq := slices.Clone(d.seq)
	return func() tea.Msg {
		for k, t := range texts {
			if t == nil {
				continue
			}
			o := make([]int32, len(t))
			for i := range o {
				o[i] = int32(i)
			}
			slices.SortFunc(o, func(a, b int32) int {
				if c := textCmp(sortKey(k), t[a], t[b]); c != 0 {
					return c
				}
				if seq[a] != seq[b] {
					return int(seq[a]) - int(seq[b])
				}
				return int(a) - int(b)
			})
			msg.by[k] = o
		}
		return msg
	}
}

// onOrders keeps the orders sorted away from the keys, unless the items
// changed meanwhile.
func (d *dataset) onOrders(msg ordersMsg) {
	d.orders.sorting = false
	if msg.changes != d.orders.changes {
		return
	}
	for k, o := range msg.by {
		if o != nil && d.orders.by[k] == nil {
			d.orders.by[k] = o
		}
	}
}

// orderCmp orders items by key k ascending, then in column order.
func (d *dataset) orderCmp(k sortKey, a, b int32) int {
	if c := d.keyCmp(k, a, b); c != 0 {
		return c
	}
	switch {
	case a == b:
		return 0
	case d.colLess(a, b):
		return -1
	}
	return 1
}

// order returns every item in the order of key k, sorting them the first time.
func (d *dataset) order(k sortKey) []int32 {
	if d.orders.by[k] == nil {
		o := make([]int32, len(d.items))
		for i := range o {
			o[i] = int32(i)
		}
		slices.SortFunc(o, func(a, b int32) int { return d.orderCmp(k, a, b) })
		d.orders.by[k] = o
	}
	return d.orders.by[k]
}

// orderLess is key k's order as a comparison of the index functions.
func (d *dataset) orderLess(k sortKey) lessFunc {
	return func(a, b int32) bool { return d.orderCmp(k, a, b) < 0 }
}

// orderNew merges new items into every order kept.
func (d *dataset) orderNew(batch []int32) {
	d.orders.changes++
	var sorted []int32
	for k, o := range d.orders.by {
		if o == nil {
			continue
		}
		key := sortKey(k)
		sorted = append(sorted[:0], batch...)
		slices.SortFunc(sorted, func(a, b int32) int { return d.orderCmp(key, a, b) })
		d.orders.by[k] = mergeIndex(o, sorted, d.orderLess(key))
	}
}

// unorder takes item i out of every order kept, before its fields change.
func (d *dataset) unorder(i int32) {
	d.orders.changes++
	for k, o := range d.orders.by {
		if o != nil {
			d.orders.by[k] = removeIndex(o, i, d.orderLess(sortKey(k)))
		}
	}
}

// reorder puts item i back into every order kept, after its fields changed.
func (d *dataset) reorder(i int32) {
	d.orders.changes++
	for k, o := range d.orders.by {
		if o != nil {
			d.orders.by[k] = insertIndex(o, i, d.orderLess(sortKey(k)))
		}
	}
}

// inListOrder yields every item in list order: by the sort key, reversed
// when descending, equal keys in column order.
func (d *dataset) inListOrder() iter.Seq[int32] {
	return func(yield func(int32) bool) {
		k := d.sort.key
		if k == sortPriority && d.group == "" {
			for n := range d.cols {
				c := n
				if d.sort.desc {
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
		o := d.order(k)
		if !d.sort.desc {
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
