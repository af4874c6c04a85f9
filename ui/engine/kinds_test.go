package engine

import (
	"testing"

	"triage/api"
)

// TestEditsOfOneIDInTwoKinds: TAPD gives a story and a bug the same id for
// the same short id; an edit of each stays laid over its own card.
func TestEditsOfOneIDInTwoKinds(t *testing.T) {
	r := newRig(t)
	story := r.story(2)
	bug := api.Item{Kind: api.Bug, ID: story.ID, WorkspaceID: story.WorkspaceID, Title: "a bug", PriorityLabel: "medium"}
	r.g.Apply(api.Story, Change{Item: story, Field: Priority, To: "Low"})
	r.g.Apply(api.Bug, Change{Item: bug, Field: Priority, To: "urgent"})
	for _, c := range []struct {
		kind api.Kind
		item api.Item
		want string
	}{{api.Story, story, "Low"}, {api.Bug, bug, "urgent"}} {
		if _, ok := r.g.State(c.kind, c.item.ID); !ok || !r.g.Edited(c.kind, c.item.ID) {
			t.Errorf("%s %s: no edit laid over it", c.kind, c.item.ID)
		}
		if laid, ok := r.g.Lay(c.kind, c.item); !ok || laid.PriorityLabel != c.want {
			t.Errorf("%s %s shows %q (laid %v), want %q", c.kind, c.item.ID, laid.PriorityLabel, ok, c.want)
		}
	}
}
