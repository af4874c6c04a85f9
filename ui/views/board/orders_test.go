package board

import (
	"fmt"
	"slices"
	"testing"

	"triage/ui/internal/uitest"
	"triage/ui/views/board/listorder"
	"triage/ui/views/board/sortkey"
)

// TestKeptOrdersFollowChanges: the orders kept for the list, after pages
// arrive, cards move and titles change, list the items as sorting them
// afresh does, for every key both ways.
func TestKeptOrdersFollowChanges(t *testing.T) {
	pages, _ := benchWorld(2_000)
	d := newDataset(pages[0].Items[0].Kind, nil, 0)
	d.fields = uitest.PriorityFields(d.kind)
	d.opts = d.fields.PriorityOptions()
	d.cols, d.colOf = layoutColumns(d.opts)
	for n, p := range pages[:5] {
		d.addPage(n+1, p.Items)
	}
	for k := range sortkey.Count {
		d.setSort(sortkey.Sort{Key: k})
		_ = d.rows()
	}
	for n, p := range pages[5:] {
		d.addPage(n+6, p.Items)
	}
	for i := int32(0); i < int32(len(d.items)); i += 37 {
		it := d.items[i]
		it.PriorityLabel = "high"
		it.Title = fmt.Sprintf("Renamed %d", i%5)
		d.replace(i, it)
	}
	created := d.items[3]
	created.ID = "1110022001999999999"
	d.add(created)
	for k := range sortkey.Count {
		for _, desc := range []bool{false, true} {
			d.setSort(sortkey.Sort{Key: k, Desc: desc})
			want := make([]int32, len(d.items))
			for i := range want {
				want[i] = int32(i)
			}
			slices.SortFunc(want, d.listCmp)
			if got := d.rows(); !slices.Equal(got, want) {
				t.Errorf("sorted by %v (descending %v): the kept order differs from a fresh sort", k, desc)
			}
		}
	}
}

// TestOrdersSortedAwayFromTheKeys: the orders sorted away from the keys are
// the ones a sort by the key gives, and are not taken when the items
// changed meanwhile.
func TestOrdersSortedAwayFromTheKeys(t *testing.T) {
	pages, _ := benchWorld(1_000)
	d := newDataset(pages[0].Items[0].Kind, nil, 0)
	for n, p := range pages {
		d.addPage(n+1, p.Items)
	}
	stale := d.sortLater()().(listorder.SortedMsg)
	d.replace(5, d.items[6])
	stale.Keep()
	for k := sortkey.ID; k < sortkey.Count; k++ {
		if d.orders.Of(int(k)) != nil {
			t.Fatalf("the order by %v sorted before a change was kept", k)
		}
	}
	cmd := d.sortLater()
	if d.sortLater() != nil {
		t.Fatal("orders are sorted twice at once")
	}
	cmd().(listorder.SortedMsg).Keep()
	for k := sortkey.ID; k < sortkey.Count; k++ {
		got := d.orders.Of(int(k))
		want := make([]int32, len(d.items))
		for i := range want {
			want[i] = int32(i)
		}
		slices.SortFunc(want, func(a, b int32) int { return d.orderCmp(int(k), a, b) })
		if !slices.Equal(got, want) {
			t.Errorf("the order by %v sorted away from the keys differs from a sort", k)
		}
	}
}
