package board

import (
	"slices"
	"testing"
)

// TestTypingAndErasingMatchAScan: a filter reached by typing and erasing
// letters (narrowing the cards shown, going back to a filter kept) shows
// the cards a scan of every item shows, in the columns and in the list.
func TestTypingAndErasingMatchAScan(t *testing.T) {
	pages, _ := benchWorld(3_000)
	steps := []string{"1", "12", "123", "12", "1", "", "g", "ga", "gat", "ga", "gaz", "ga", "g", "pay", "pay 1", "pay 12",
		"pay 1", "pay 1 prio:high", "pay 1", "pay", "中", "中文", "中", "owner:lily", "owner:lily 7", "owner:lily", ""}
	h := newHarness(t, newFakeService(), false, 200, 40)
	feed(h.m, pages)
	h.keys("v")
	d := h.m.cur()
	_ = d.rows()
	for _, q := range steps {
		d.setQuery(q, "anyechen")
		if q == "gat" && len(d.past) != 2 {
			t.Fatalf("after typing gat %d filters are kept, want g and ga", len(d.past))
		}
		want := newDataset(d.kind, d.opts, 0)
		want.fields = d.fields
		for n, p := range pages {
			want.addPage(n+1, p.Items)
		}
		want.setQuery(q, "anyechen")
		for c := range d.cols {
			if got, w := d.visible(c), want.visible(c); !slices.Equal(got, w) {
				t.Fatalf("after %q column %d shows %d cards, a scan %d", q, c, len(got), len(w))
			}
		}
		for i := range d.items {
			if d.shownInList(int32(i)) != want.shownInList(int32(i)) {
				t.Fatalf("after %q item %d is shown %v in the list, by a scan %v", q, i, d.shownInList(int32(i)), want.shownInList(int32(i)))
			}
		}
		var listed []int32
		for i := range d.inListOrder() {
			if d.shownInList(i) {
				listed = append(listed, i)
			}
		}
		if got := d.rows(); !slices.Equal(got, listed) {
			t.Fatalf("after %q the list has %d rows, want %d", q, len(got), len(listed))
		}
	}
}
