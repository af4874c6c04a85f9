package board

import (
	"slices"
	"testing"

	"triage/api"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
	"triage/ui/views/board/sortkey"
)

// TestListSortsByPriorityWhenGroupedByAnotherField: in list mode, with the
// board grouped by status, s on Priority lists the items in priority
// order (then column order), not in the order of the status columns; both
// ways, and after an item's priority changes.
func TestListSortsByPriorityWhenGroupedByAnotherField(t *testing.T) {
	kind := api.Story
	fields := uitest.PriorityFields(kind)
	d := newDataset(kind, fields.PriorityOptions(), 0)
	d.fields = fields
	items := []api.Item{
		{ID: "1", Kind: kind, PriorityLabel: "Low", Status: "planning"},
		{ID: "2", Kind: kind, PriorityLabel: "High", Status: "resolved"},
		{ID: "3", Kind: kind, PriorityLabel: "Middle", Status: "planning"},
		{ID: "4", Kind: kind, PriorityLabel: "", Status: "developing"},
		{ID: "5", Kind: kind, PriorityLabel: "High", Status: "planning"},
		{ID: "6", Kind: kind, PriorityLabel: "Low", Status: "developing"},
	}
	d.addPage(1, items)
	statuses := []api.PriorityOption{{Value: "planning", Label: "Planning"}, {Value: "developing", Label: "Developing"},
		{Value: "resolved", Label: "Resolved"}}
	d.regroup(engine.Status, statuses)
	ids := func() []string {
		var out []string
		for _, i := range d.rows() {
			out = append(out, d.items[i].ID)
		}
		return out
	}
	rank := map[string]int{"": 0}
	for n, o := range d.opts {
		rank[o.Value], rank[o.Label] = n+1, n+1
	}
	inPriorityOrder := func(got []string, desc bool) bool {
		return slices.IsSortedFunc(got, func(a, b string) int {
			ra, rb := rank[d.items[mustFind(t, d, a)].PriorityLabel], rank[d.items[mustFind(t, d, b)].PriorityLabel]
			if desc {
				return rb - ra
			}
			return ra - rb
		})
	}
	for _, desc := range []bool{false, true} {
		d.setSort(sortkey.Sort{Key: sortkey.Priority, Desc: desc})
		if got := ids(); len(got) != len(items) || !inPriorityOrder(got, desc) {
			t.Errorf("grouped by status, sorted by priority (descending %v): %v, not in priority order", desc, got)
		}
	}
	i := mustFind(t, d, "1")
	it := d.items[i]
	it.PriorityLabel = "High"
	d.replace(i, it)
	d.setSort(sortkey.Sort{Key: sortkey.Priority})
	if got := ids(); !inPriorityOrder(got, false) {
		t.Errorf("after #1 became High: %v, not in priority order", got)
	}
}

// mustFind is the position of the item with an id.
func mustFind(t *testing.T, d *dataset, id string) int32 {
	t.Helper()
	i, ok := d.find(id)
	if !ok {
		t.Fatalf("#%s is not in the dataset", id)
	}
	return i
}
