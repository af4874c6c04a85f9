package bulkplan

import (
	"testing"

	"triage/ui/engine"
)

// TestSummary: one target names where the others came from, several name
// each change, most first; a field other than the priority is named, and
// the items that stay are counted.
func TestSummary(t *testing.T) {
	ch := func(f engine.Field, from, to string) Change { return Change{Field: f, From: from, To: to} }
	p := engine.Priority
	for _, c := range []struct {
		plan []Change
		stay int
		want string
	}{
		{[]Change{ch(p, "Middle", "Low"), ch(p, "High", "Low"), ch(p, "High", "Low")}, 0, "3 items: High → Low · 1 from Middle"},
		{[]Change{ch(p, "High", "Low"), ch(p, "Low", "High"), ch(p, "Low", "High")}, 2, "3 items: Low → High · 1 High → Low · 2 stay"},
		{[]Change{ch(engine.Status, "Planning", "Developing")}, 1, "1 item: status Planning → Developing · 1 stays"},
	} {
		if got := Summary(c.plan, c.stay); got != c.want {
			t.Errorf("Summary = %q, want %q", got, c.want)
		}
	}
}
