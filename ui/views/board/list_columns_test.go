package board

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"triage/api"
	"triage/store"
)

// listColumnsService is the fake service with bugs planned into iterations
// and given severities, named by the field information: the list mode's
// Iteration and Severity columns show their names (golden "list columns").
func listColumnsService() *fakeService {
	s := newFakeService()
	fi := s.fields[api.Bug]
	fi["severity"] = api.Field{Name: "severity", Label: "Severity", HTMLType: "select", Options: api.Options{Pairs: []api.Option{
		{Value: "fatal", Label: "致命"}, {Value: "serious", Label: "Serious"}, {Value: "normal", Label: "Normal"}, {Value: "prompt", Label: "Prompt"}}}}
	fi["iteration_id"] = api.Field{Name: "iteration_id", Label: "Iteration", HTMLType: "select", Options: api.Options{Pairs: []api.Option{
		{Value: "1110022001000000001", Label: "Sprint 14"}, {Value: "1110022001000000002", Label: "迭代 15 移动端"}}}}
	severities := []string{"fatal", "serious", "normal", "prompt", ""}
	for n := range s.items[api.Bug] {
		it := &s.items[api.Bug][n]
		it.Severity = severities[n%len(severities)]
		it.IterationID = "0"
		if n%3 > 0 {
			it.IterationID = fmt.Sprintf("1110022001%09d", n%3)
		}
	}
	return s
}

// TestViewChoosesListColumns: a saved view's columns are the list's (the
// title always shown); another view without columns shows them all again.
func TestViewChoosesListColumns(t *testing.T) {
	h := newHarness(t, listColumnsService(), true, 120, 30).load().keys("tab")
	h.m.useView(store.SavedView{Name: "plan", Mode: "list", Columns: "id,iteration,severity"})
	head := strings.Fields(strings.Split(h.screen(), "\n")[2])
	if want := []string{"ID", "Title", "Iteration", "Severity"}; !slices.Equal(head, want) {
		t.Errorf("the list's header is %q, want %q", head, want)
	}
	h.m.useView(store.SavedView{Name: "all", Mode: "list"})
	head = strings.Fields(strings.Split(h.screen(), "\n")[2])
	if want := []string{"ID", "Title", "Priority", "▲", "Status", "Owner", "Iteration", "Severity", "Modified"}; !slices.Equal(head, want) {
		t.Errorf("the list's header is %q, want %q", head, want)
	}
}

// TestListShowsPriorityWhateverTheGrouping: grouped by status, the list's
// Priority column still shows each item's priority, not its status.
func TestListShowsPriorityWhateverTheGrouping(t *testing.T) {
	h := newHarness(t, listColumnsService(), true, 120, 30).load().keys("tab", "b", "v")
	for _, line := range strings.Split(h.screen(), "\n") {
		if !strings.Contains(line, "#1001 ") {
			continue
		}
		if cells := strings.Fields(line); !slices.Contains(cells, "紧急") || strings.Count(line, " new ") != 1 {
			t.Errorf("grouped by status, #1001's row is %q; want its priority 紧急 and its status new once", line)
		}
		return
	}
	t.Errorf("no row of #1001:\n%s", h.screen())
}
