package board

import (
	"testing"

	"triage/api"
	"triage/ui/filter"
)

// TestIterationFilter: iter:@current and iter:@next name the open
// iteration whose dates hold today and the next one to start; none keeps
// the unplanned items; an id or a name matches too.
func TestIterationFilter(t *testing.T) {
	its := []api.Iteration{
		{ID: "13", Name: "Sprint 3", Status: "open", StartDate: "2026-11-25", EndDate: "2026-12-08"},
		{ID: "11", Name: "Sprint 1", Status: "done", StartDate: "2026-10-28", EndDate: "2026-11-10"},
		{ID: "12", Name: "Sprint 2", Status: "open", StartDate: "2026-11-11", EndDate: "2026-11-24"},
		{ID: "14", Name: "Sprint 4", Status: "open", StartDate: "2026-12-09", EndDate: "2026-12-22"},
	}
	alias := filter.IterAliases(its, "2026-11-25")
	if alias["@current"] != "13" || alias["@next"] != "14" {
		t.Fatalf("aliases %v, want @current 13 and @next 14", alias)
	}
	d := newDataset(api.Story, nil, 0)
	d.addPage(1, []api.Item{
		{ID: "1", Title: "a", IterationID: "13"}, {ID: "2", Title: "b", IterationID: "14"},
		{ID: "3", Title: "c", IterationID: "0"}, {ID: "4", Title: "d", IterationID: "12"},
	})
	d.iterAlias = alias
	for _, tt := range []struct {
		q    string
		want []string
	}{
		{"iter:@current", []string{"1"}},
		{"iter:@current|@next", []string{"1", "2"}},
		{"iter:none", []string{"3"}},
		{"iter:12", []string{"4"}},
	} {
		d.setQuery(tt.q, "me")
		var got []string
		for i := range d.items {
			if d.match[i] {
				got = append(got, d.items[i].ID)
			}
		}
		if len(got) != len(tt.want) || (len(got) > 0 && got[0] != tt.want[0]) || (len(got) > 1 && got[1] != tt.want[1]) {
			t.Errorf("%s keeps %v, want %v", tt.q, got, tt.want)
		}
	}
}
