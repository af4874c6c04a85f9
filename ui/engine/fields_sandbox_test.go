package engine

import (
	"context"
	"strings"
	"testing"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/ui/internal/uitest"
)

// sandboxRig is an engine over the client and the sandbox, as the app
// runs, its stories' fields read; the client is made with opts.
func sandboxRig(t *testing.T, opts ...api.ClientOption) (*rig, *api.Client) {
	srv := sandboxtest.Start(t, sandbox.Options{})
	client := sandboxtest.DemoClient(srv, opts...)
	ctx := demoContext(srv, client)
	ctx.Edits = uitest.NewEdits(t, client, srv.URL)
	r := openedRig(t, ctx, 10022001)
	fi, err := client.FieldInfo(context.Background(), 10022001, api.Story)
	if err != nil {
		t.Fatal(err)
	}
	r.g.SetFields(api.Story, fi)
	return r, client
}

// planningStory is a story of the sandbox in planning.
func planningStory(t *testing.T, c *api.Client) api.Item {
	var found api.Item
	err := c.ListPages(context.Background(), api.ListRequest{WorkspaceID: 10022001, Kind: api.Story}, func(p api.Page) {
		for _, it := range p.Items {
			if found.ID == "" && it.Status == "planning" {
				found = it
			}
		}
	})
	if err != nil || found.ID == "" {
		t.Fatalf("no story in planning: %v", err)
	}
	found.Kind = api.Story
	return found
}

// TestMoveWithAWhy: a status move of one marked card carries a comment, sent after it; the
// card shows the move at once; the service has both, the comment once.
func TestMoveWithAWhy(t *testing.T) {
	r, c := sandboxRig(t)
	st := planningStory(t, c)
	shown, cmd := r.g.ApplyBulk(api.Story, "<p>the customer asked</p>", Change{Item: st, Field: Status, To: "developing"})
	if len(shown) != 1 || shown[0].Status != "developing" {
		t.Fatalf("the card shows %+v, want developing at once", shown)
	}
	r.run(cmd)
	said := r.said()
	if !strings.Contains(said, "1 moved") {
		t.Errorf("said %q, want the move counted", said)
	}
	got, err := c.Get(context.Background(), 10022001, api.Story, st.ID)
	if err != nil || got.Status != "developing" {
		t.Fatalf("the service has %s, %v", got.Status, err)
	}
	comments, err := c.Comments(context.Background(), 10022001, api.Story, st.ID)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, cm := range comments {
		if cm.Description == "<p>the customer asked</p>" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the comment is on the story %d times, want once", n)
	}
}

// TestIllegalMoveGoesBack: a move the workflow does not allow is refused;
// the card goes back and the reason names the statuses allowed.
func TestIllegalMoveGoesBack(t *testing.T) {
	r, c := sandboxRig(t)
	st := planningStory(t, c)
	_, cmd := r.g.Apply(api.Story, Change{Item: st, Field: Status, To: "resolved"})
	r.run(cmd)
	if said := r.said(); !strings.Contains(said, "it can go to: Developing, Rejected") {
		t.Errorf("said %q, want the allowed statuses", said)
	}
	if it, _ := r.g.Lay(api.Story, st); it.Status != "planning" {
		t.Errorf("the card shows %s after the refusal, want planning", it.Status)
	}
}

// TestUndoOwnersAndStatus: u undoes an owner change, then a status move,
// each checked against the service like any edit, and ctrl+r makes the
// move again.
func TestUndoOwnersAndStatus(t *testing.T) {
	r, c := sandboxRig(t)
	st := planningStory(t, c)
	_, cmd := r.g.Apply(api.Story, Change{Item: st, Field: Status, To: "developing"})
	r.run(cmd)
	moved, err := c.Get(context.Background(), 10022001, api.Story, st.ID)
	if err != nil {
		t.Fatal(err)
	}
	moved.Kind = api.Story
	_, cmd = r.g.Apply(api.Story, Change{Item: moved, Field: Owner, To: "alice;"})
	r.run(cmd)
	read := func() api.Item {
		it, err := c.Get(context.Background(), 10022001, api.Story, st.ID)
		if err != nil {
			t.Fatal(err)
		}
		return it
	}
	if it := read(); it.Owner != "alice;" || it.Status != "developing" {
		t.Fatalf("before undo: %s, %q", it.Status, it.Owner)
	}
	r.run(r.g.Undo())
	if it := read(); it.Owner != st.Owner {
		t.Errorf("u left owners %q, want %q", it.Owner, st.Owner)
	}
	r.run(r.g.Undo())
	if it := read(); it.Status != "planning" {
		t.Errorf("the second u left status %s, want planning", it.Status)
	}
	r.run(r.g.Redo())
	if it := read(); it.Status != "developing" {
		t.Errorf("ctrl+r left status %s, want developing", it.Status)
	}
}
