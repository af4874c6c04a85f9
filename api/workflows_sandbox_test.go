package api_test

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"triage/api"
)

// TestStoryTypesHaveTheirOwnWorkflows against the sandbox: Atlas Web's
// stories follow the workflow of their type (workitem_type_id). The
// default type's all_transitions step from Planning to Developing and
// Rejected, the technical debt's to Resolved and Rejected; status_map names
// the statuses of either; a move a story's own type does not allow is
// refused naming its type's steps, and one it allows passes.
func TestStoryTypesHaveTheirOwnWorkflows(t *testing.T) {
	c, _ := startSandbox(t)
	ctx := context.Background()
	var stories []api.Item
	err := c.ListPages(ctx, api.ListRequest{WorkspaceID: workspace, Kind: api.Story, Fields: api.ListFields(api.Story)}, func(p api.Page) {
		stories = append(stories, p.Items...)
	})
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]api.Item{} // workitem_type_id → a Planning story of it
	for _, it := range stories {
		tid, _ := it.Get("workitem_type_id")
		if _, seen := types[tid]; !seen && it.Status == "planning" {
			types[tid] = it
		}
	}
	if len(types) != 2 {
		t.Fatalf("Planning stories of %d types, want 2: %v", len(types), slices.Collect(maps.Keys(types)))
	}
	nextFrom := func(moves []api.Transition, from string) []string {
		var out []string
		for _, m := range moves {
			if m.From == from {
				out = append(out, m.To)
			}
		}
		slices.Sort(out)
		return out
	}
	def, err := c.Transitions(ctx, workspace, api.Story)
	if err != nil {
		t.Fatal(err)
	}
	var debt api.Item
	for tid, it := range types {
		moves, err := c.TypeTransitions(ctx, workspace, api.Story, tid)
		if err != nil {
			t.Fatal(err)
		}
		if len(moves) == 0 || moves[0].TypeID != tid {
			t.Fatalf("type %s: %d steps, tagged %q", tid, len(moves), moves[0].TypeID)
		}
		got := strings.Join(nextFrom(moves, "planning"), ",")
		switch got {
		case "developing,rejected":
			if want := strings.Join(nextFrom(def, "planning"), ","); got != want {
				t.Errorf("the default type steps to %s, all_transitions without a type to %s", got, want)
			}
		case "rejected,resolved":
			debt = it
		default:
			t.Errorf("type %s steps from Planning to %s", tid, got)
		}
		names, err := c.StatusMap(ctx, workspace, api.Story, tid)
		if err != nil || names["planning"] != "Planning" || names["resolved"] != "Resolved" {
			t.Errorf("status_map of type %s = %v, %v", tid, names, err)
		}
	}
	if debt.ID == "" {
		t.Fatal("no story type steps from Planning to Resolved")
	}
	if _, err := c.TypeTransitions(ctx, workspace, api.Story, "1110022001000000999"); err == nil || !strings.Contains(err.Error(), "is not a story type of workspace 10022001") {
		t.Errorf("an unknown type: %v", err)
	}
	_, err = c.Update(ctx, workspace, api.Story, debt.ID, map[string]string{"status": "developing"}, "demo")
	if err == nil || !strings.Contains(err.Error(), "from Planning it can go to: Resolved, Rejected") {
		t.Errorf("a technical debt to Developing: %v", err)
	}
	if got, err := c.Update(ctx, workspace, api.Story, debt.ID, map[string]string{"status": "resolved"}, "demo"); err != nil || got.Status != "resolved" {
		t.Errorf("a technical debt to Resolved: %s, %v", got.Status, err)
	}
}
