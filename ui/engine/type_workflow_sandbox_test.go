package engine

import (
	"context"
	"testing"

	"triage/api"
)

// TestStoryTypeWorkflowReadOnce counts what the workflows of a workspace
// with two story types cost: the default workflow and the list of story
// types are read once; each type whose story is moved has its steps and
// status names read once (all_transitions and status_map with its
// workitem_type_id); then they are known. The technical debt's next steps
// are its type's, the default story's the default's.
func TestStoryTypeWorkflowReadOnce(t *testing.T) {
	g, r, client, ct := countedEngine(t)
	var plain, debt api.Item
	err := client.ListPages(context.Background(), api.ListRequest{WorkspaceID: 10022001, Kind: api.Story, Fields: api.ListFields(api.Story)}, func(p api.Page) {
		for _, it := range p.Items {
			if it.Status != "planning" {
				continue
			}
			if n := it.ShortID(); n[len(n)-1] == '0' && debt.ID == "" {
				debt = it
			} else if plain.ID == "" {
				plain = it
			}
		}
	})
	if err != nil || plain.ID == "" || debt.ID == "" {
		t.Fatalf("stories %q and %q: %v", plain.ID, debt.ID, err)
	}
	ct.take()

	steps := []struct {
		name  string
		items []api.Item
		reads int
	}{
		{"a story of the default type: the workflow, the story types, its type's steps and names", []api.Item{plain}, 4},
		{"a technical debt: its type's steps and names", []api.Item{plain, debt}, 2},
		{"both again", []api.Item{debt, plain}, 0},
	}
	for _, s := range steps {
		for range 5 {
			known, cmd := g.MovesOf(api.Story, s.items...)
			if known {
				break
			}
			r.run(cmd)
		}
		if reads, _ := ct.take(); reads != s.reads {
			t.Errorf("%s: %d reads, want %d", s.name, reads, s.reads)
		}
	}
	next := func(it api.Item) []string {
		var out []string
		steps, _ := g.NextStepsOf(api.Story, it, []string{"planning", "developing", "resolved", "rejected"})
		for _, s := range steps {
			out = append(out, s.To)
		}
		return out
	}
	if got := next(plain); len(got) != 2 || got[0] != "developing" || got[1] != "rejected" {
		t.Errorf("a default story may go to %v", got)
	}
	if got := next(debt); len(got) != 2 || got[0] != "resolved" || got[1] != "rejected" {
		t.Errorf("a technical debt may go to %v", got)
	}
}
