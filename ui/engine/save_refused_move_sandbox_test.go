package engine

import (
	"context"
	"strings"
	"testing"

	"triage/api"
	"triage/ui/common"
)

// TestEditorSaveKeepsTheRestOfARefusedMove: the editor's save of a new
// title with a status the workflow does not allow from the item's saves
// the title, leaves the status, and says why: it saved nothing before,
// and the title typed was lost with the editor closed.
func TestEditorSaveKeepsTheRestOfARefusedMove(t *testing.T) {
	r, c := sandboxRig(t)
	st := planningStory(t, c)
	if known, cmd := r.g.MovesOf(api.Story, st); !known {
		r.run(cmd)
	}
	r.said()
	r.run(r.g.onSave(common.SaveItemMsg{Kind: api.Story, ID: st.ID, Title: "A clearer title", PriorityLabel: st.PriorityLabel,
		Original: st, Set: map[string]string{"status": "resolved"}}))
	it, err := c.Get(context.Background(), 10022001, api.Story, st.ID)
	if err != nil {
		t.Fatal(err)
	}
	if it.Title != "A clearer title" || it.Status != "planning" {
		t.Errorf("the service holds %q in %s, want the new title, still planning", it.Title, it.Status)
	}
	if said := r.said(); !strings.Contains(said, "the rest is saved, not the status: ") || !strings.Contains(said, "it can go to: Developing, Rejected") {
		t.Errorf("said %q, want the title saved and why the status was not", said)
	}
}
