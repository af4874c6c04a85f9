package listorder

import "slices"

// Kept is every item sorted by each key of a list, kept: the first time the
// list is sorted by a key, every item is sorted by it once; from then on new
// and changed items are put in place, so choosing that key again costs one
// pass over its order. Orders not asked for yet can be sorted away from the
// keys (SortLater), from a copy of what they sort by.
type Kept struct {
	by      [][]int32 // per key; nil: not sorted by yet
	changes uint64    // counts the changes of items, so an order sorted meanwhile is not taken
	sorting bool      // orders are being sorted away from the keys
}

// Cmp orders two items by key k, then in a stable order of their own (so
// that no two items compare equal).
type Cmp func(k int, a, b int32) int

// NewKept keeps the orders of a list with n keys.
func NewKept(n int) Kept { return Kept{by: make([][]int32, n)} }

// Of is the order kept for key k; nil when none is.
func (o *Kept) Of(k int) []int32 { return o.by[k] }

// Forget drops the order of key k, whose comparison changed.
func (o *Kept) Forget(k int) { o.by[k] = nil }

// Order returns every one of n items in the order of key k, sorting them
// the first time.
func (o *Kept) Order(k, n int, cmp Cmp) []int32 {
	if o.by[k] == nil {
		s := make([]int32, n)
		for i := range s {
			s[i] = int32(i)
		}
		slices.SortFunc(s, func(a, b int32) int { return cmp(k, a, b) })
		o.by[k] = s
	}
	return o.by[k]
}

// less is cmp under key k as an index's comparison.
func less(k int, cmp Cmp) Less { return func(a, b int32) bool { return cmp(k, a, b) < 0 } }

// Added merges new items into every order kept.
func (o *Kept) Added(batch []int32, cmp Cmp) {
	o.changes++
	var sorted []int32
	for k, s := range o.by {
		if s == nil {
			continue
		}
		sorted = append(sorted[:0], batch...)
		slices.SortFunc(sorted, func(a, b int32) int { return cmp(k, a, b) })
		o.by[k] = Merge(s, sorted, less(k, cmp))
	}
}

// Detach takes item i out of every order kept, before its fields change.
func (o *Kept) Detach(i int32, cmp Cmp) {
	o.changes++
	for k, s := range o.by {
		if s != nil {
			o.by[k] = Remove(s, i, less(k, cmp))
		}
	}
}

// Attach puts item i back into every order kept, after its fields changed.
func (o *Kept) Attach(i int32, cmp Cmp) {
	o.changes++
	for k, s := range o.by {
		if s != nil {
			o.by[k] = Insert(s, i, less(k, cmp))
		}
	}
}
