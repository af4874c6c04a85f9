package filter

import (
	"slices"
	"strings"
	"testing"
)

// TestOpenTermKeepsItemsNotInAFinalStatus: is:open keeps the items whose
// status is not one of the kind's final statuses, is:closed and -is:open
// the others; until the final statuses are known the term keeps nothing
// (the caller says it reads them), and a value it cannot read is named.
func TestOpenTermKeepsItemsNotInAFinalStatus(t *testing.T) {
	finals := map[string]bool{"resolved": true, "rejected": true, "status_9": true}
	items := []Item{{ID: "1", Status: "open"}, {ID: "2", Status: "resolved"}, {ID: "3", Status: "status_9"}, {ID: "4", Status: "in_progress"}}
	tests := []struct {
		query, kept, problem string
	}{
		{"is:open", "1 4", ""},
		{"is:o", "1 4", ""},
		{"is:closed", "2 3", ""},
		{"-is:open", "2 3", ""},
		{"-is:closed", "1 4", ""},
		{"is:open|closed", "1 2 3 4", ""},
		{"is:shut", "1 2 3 4", "is:shut: is: takes open or closed, e.g. is:open"},
		{"is:", "1 2 3 4", "is: needs a value, e.g. is:open"},
	}
	for _, tt := range tests {
		q := Parse(tt.query, "")
		q.Finals = finals
		var kept []string
		for _, it := range items {
			if q.Match(it) {
				kept = append(kept, it.ID)
			}
		}
		if got := strings.Join(kept, " "); got != tt.kept || strings.Join(q.Problems, "; ") != tt.problem {
			t.Errorf("%s: kept %q problems %q, want %q %q", tt.query, got, q.Problems, tt.kept, tt.problem)
		}
		if !q.NamesOpen() != (tt.kept == "1 2 3 4") {
			t.Errorf("%s: NamesOpen = %v", tt.query, q.NamesOpen())
		}
	}
	if q := Parse("is:open", ""); q.Match(items[0]) {
		t.Error("is:open matched before the final statuses were known")
	}
	if MayNameCustom("is:open") {
		t.Error("is: was taken for a custom field")
	}
}

// TestOpenTermCompletes: tab offers is: among the fields, then open and
// closed.
func TestOpenTermCompletes(t *testing.T) {
	var o Options
	if next, fit := o.Complete("crash i", true); next != "crash i" || !slices.Contains(fit, "is:") || !slices.Contains(fit, "iter:") {
		t.Errorf("i: %q %v", next, fit)
	}
	if next, _ := o.Complete("is:o", true); next != "is:open" {
		t.Errorf("is:o completes to %q", next)
	}
	if next, fit := o.Complete("-is:", true); next != "-is:" || !slices.Equal(fit, []string{"open", "closed"}) {
		t.Errorf("-is: completes to %q %v", next, fit)
	}
	if next, _ := o.Complete("is:c", true); next != "is:closed" {
		t.Errorf("is:c completes to %q", next)
	}
}
