package listorder

import (
	"cmp"
	"slices"
	"testing"
)

// byValue orders positions by vals, then by position.
func byValue(vals []int) Cmp {
	return func(_ int, a, b int32) int { return cmp.Or(cmp.Compare(vals[a], vals[b]), cmp.Compare(a, b)) }
}

// TestIndexStaysSorted: inserts, removals and a merged batch keep an index
// sorted, and Position finds each item.
func TestIndexStaysSorted(t *testing.T) {
	vals := []int{5, 3, 9, 1, 7, 3, 8, 2}
	c := byValue(vals)
	lt := less(0, c)
	var s []int32
	for _, i := range []int32{0, 1, 2, 3} {
		s = Insert(s, i, lt)
	}
	s = Merge(s, []int32{7, 5, 4, 6}, lt) // the batch sorted: 2, 3, 7, 8
	s = Remove(s, 2, lt)
	want := []int32{3, 7, 1, 5, 0, 4, 6}
	if !slices.Equal(s, want) {
		t.Fatalf("index %v, want %v", s, want)
	}
	for p, i := range want {
		if got := Position(s, i, lt); got != p {
			t.Errorf("Position(%d) = %d, want %d", i, got, p)
		}
	}
	if Position(s, 2, lt) != -1 {
		t.Error("a removed item is found")
	}
}

// TestKeptFollowsChangesAndDropsStaleSorts: an order kept follows items
// added and changed; one sorted away from the keys is taken only when
// nothing changed meanwhile.
func TestKeptFollowsChangesAndDropsStaleSorts(t *testing.T) {
	vals := []int{4, 2, 6, 1}
	c := func(_ int, a, b int32) int { return byValue(vals)(0, a, b) }
	o := NewKept(2)
	o.Order(0, len(vals), c)
	vals = append(vals, 3)
	o.Added([]int32{4}, c)
	o.Detach(2, c)
	vals[2] = 0
	o.Attach(2, c)
	if got, want := o.Of(0), []int32{2, 3, 1, 4, 0}; !slices.Equal(got, want) {
		t.Fatalf("kept %v, want %v", got, want)
	}
	text := func(_ int, i int32) string { return string(rune('a' + vals[i])) }
	strCmp := func(_ int, a, b string) int { return cmp.Compare(a, b) }
	seq := []int32{0, 1, 2, 3, 4}
	stale := o.SortLater([]int{0, 1}, len(vals), text, strCmp, seq)
	if o.SortLater([]int{1}, len(vals), text, strCmp, seq) != nil {
		t.Fatal("orders are sorted twice at once")
	}
	msg := stale().(SortedMsg)
	o.Added(nil, c)
	msg.Keep()
	if o.Of(1) != nil {
		t.Fatal("an order sorted before a change was kept")
	}
	o.SortLater([]int{1}, len(vals), text, strCmp, seq)().(SortedMsg).Keep()
	if got, want := o.Of(1), []int32{2, 3, 1, 4, 0}; !slices.Equal(got, want) {
		t.Fatalf("sorted away from the keys %v, want %v", got, want)
	}
}
