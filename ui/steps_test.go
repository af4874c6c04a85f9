package ui

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"triage/api"
	"triage/ui/internal/uitest"
	"triage/ui/views/history"
)

// TestUListsABulkAsOneStep: a confirmed bulk move of 5 stories is one row
// of the U view, and enter on it undoes all 5 on the service.
func TestUListsABulkAsOneStep(t *testing.T) {
	svc := uitest.NewService()
	for i := 3; i < 5; i++ {
		svc.Items[api.Story] = append(svc.Items[api.Story], api.Item{
			Kind: api.Story, ID: uitest.ItemID(api.Story, 10022001, i+1), WorkspaceID: "10022001",
			Title: fmt.Sprintf("story number %d", i+1), PriorityLabel: "High", Status: "open", Owner: "anyechen;",
		})
	}
	m, d, _, screen := realBoardOver(t, svc, Options{})
	labels := func() []string {
		var out []string
		for i := range 5 {
			it, err := svc.Get(context.Background(), 10022001, api.Story, uitest.ItemID(api.Story, 10022001, i+1))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, it.PriorityLabel)
		}
		return out
	}
	all := func(label string) []string { return slices.Repeat([]string{label}, 5) }

	d.Press("v", "V", "3", "y")
	d.Until("the bulk move is on the service", func() bool { return slices.Equal(labels(), all("Low")) })
	d.Until("nothing waits", func() bool { return !strings.Contains(screen(), "waiting") })
	d.Press("U")
	d.Until("the history", func() bool { _, ok := m.top().(*history.Model); return ok })
	h := m.top().(*history.Model)
	d.Until("the bulk is one row", func() bool {
		return len(h.SelectedStep()) == 5 && strings.Contains(screen(), "5 stories") && strings.Contains(screen(), "High → Low")
	})
	if !strings.Contains(screen(), "5 changes in 1 step") {
		t.Errorf("the heading does not count one step:\n%s", screen())
	}
	d.Until("the history says enter undoes the step", func() bool { return strings.Contains(screen(), "Enter undoes this step: its 5 changes as one.") })
	d.Press("enter")
	d.Until("all five undone on the service", func() bool { return slices.Equal(labels(), all("High")) })
	d.Until("the undo is one row too", func() bool {
		return strings.Contains(screen(), "10 changes in 2 steps") && len(h.SelectedStep()) == 5
	})
}
