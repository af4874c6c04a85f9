package ui

import (
	"strings"
	"testing"

	"triage/api"
	"triage/ui/internal/uitest"
	"triage/ui/views/history"
)

// TestHistoryNamesValuesAsTheBoard: U names the values of a change as the
// board does, by the workspace's priority labels (高 → 中), never by the
// values stored (high → medium), in the row and in the detail.
func TestHistoryNamesValuesAsTheBoard(t *testing.T) {
	svc := uitest.NewService()
	for i := range svc.Items[api.Bug] {
		svc.Items[api.Bug][i].PriorityLabel = "high"
	}
	m, d, _, screen := realBoardOver(t, svc, Options{})
	d.Press("tab")
	d.Until("the bugs", func() bool { return strings.Contains(screen(), "bug number 1") && strings.Contains(screen(), "高 3") })
	d.Press("l", "l", "space", "j", "space", "]")
	d.Until("the preview", func() bool { return strings.Contains(screen(), "Move 2 marked bugs?") })
	d.Press("y")
	d.Until("the move is answered", func() bool { return strings.Contains(screen(), "2 moved") })
	d.Press("U")
	d.Until("the history", func() bool { _, ok := m.top().(*history.Model); return ok })
	got := screen()
	for _, want := range []string{"2 bugs  高 → 中", "#1 高 → 中, #2 高 → 中"} {
		if !strings.Contains(got, want) {
			t.Errorf("U does not show %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "medium") || strings.Contains(got, "high →") {
		t.Errorf("U shows the stored values:\n%s", got)
	}
}
