package board

import (
	"testing"

	"triage/api"
	"triage/ui/engine"
)

// TestGroupingTakesTheStatusesWhenTheyArrive: grouped by status before the
// field information names the statuses, every status is an unknown column
// ("? developing"); once a load brings the field information, the columns
// are the workflow's statuses by name, without grouping again.
func TestGroupingTakesTheStatusesWhenTheyArrive(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 120, 30).load()
	d := h.cur()
	h.m.groupBy(engine.Status)
	for _, c := range d.cols[1:] {
		if !c.unknown {
			t.Fatalf("without status options, column %q is not unknown", c.label)
		}
	}
	statuses := api.Field{Name: "status", Options: api.Options{Pairs: []api.Option{{Value: "planning", Label: "Planning"},
		{Value: "developing", Label: "Developing"}, {Value: "resolved", Label: "Resolved"}}}}
	fi := api.FieldInfo{}
	for k, v := range d.src.Fields {
		fi[k] = v
	}
	fi["status"] = statuses
	d.src.Fields = fi
	h.m.onLoaded(engine.Loaded{Kind: api.Story})
	d = h.cur()
	if len(d.cols) < 2 || d.cols[1].label != "Planning" || d.cols[1].unknown {
		var labels []string
		for _, c := range d.cols {
			labels = append(labels, c.label)
		}
		t.Errorf("with the field information, the columns are %q, want the statuses by name", labels)
	}
}
