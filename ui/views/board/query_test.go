package board

import (
	"slices"
	"testing"
)

// TestQueryNarrowsByField: the text filter takes words and field terms with
// alternatives (several priorities, statuses, owners, @me), and M toggles
// "only mine".
func TestQueryNarrowsByField(t *testing.T) {
	tests := []struct {
		query string
		want  []string // short ids shown, in board order
	}{
		{"prio:紧急|高", []string{"1001", "1006", "1002", "1003"}},
		{"prio:none", []string{"1008", "1011"}},
		{"prio:urgent,none", []string{"1008", "1011", "1001", "1006"}},
		{"status:closed", []string{"1009"}},
		{"status:new prio:none", []string{"1008", "1011"}},
		{"owner:lily", []string{"1008", "1002"}},
		{"owner:@me", []string{"1001", "1006"}},
		{"owner:@me crash", []string{"1006"}},
		{"crash token", []string{"1006"}},
		{"#1003", []string{"1003"}},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			h := newHarness(t, newFakeService(), false, 200, 40).load().keys("tab", "/")
			h.m.filter.SetValue(tt.query)
			h.m.applyQuery(tt.query)
			if got := shownIDs(h); !slices.Equal(got, tt.want) {
				t.Errorf("%q shows %v, want %v", tt.query, got, tt.want)
			}
		})
	}

	h := newHarness(t, newFakeService(), false, 200, 40).load().keys("tab", "M")
	if got := shownIDs(h); !slices.Equal(got, []string{"1001", "1006"}) || h.m.filter.Value() != "owner:@me" {
		t.Errorf("M shows %v with filter %q, want anyechen's #1001 and #1006", got, h.m.filter.Value())
	}
	h.keys("M")
	if got := shownIDs(h); len(got) != 11 || h.m.filter.Value() != "" {
		t.Errorf("M again shows %d items with filter %q, want all 11 and no filter", len(got), h.m.filter.Value())
	}
}

// shownIDs lists the short ids the current kind shows, column by column.
func shownIDs(h *harness) []string {
	d := h.m.cur()
	var out []string
	for c := range d.cols {
		for _, i := range d.visible(c) {
			out = append(out, d.items[i].ShortID())
		}
	}
	return out
}
