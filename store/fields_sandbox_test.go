package store_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/store"
)

// The client sends comments for the replayer.
var _ store.CommentRemote = (*api.Client)(nil)

const fieldsWS = 10022001

// fieldsRig is an outbox sending to the sandbox through the client, as the
// app does, reopened at will as a new run after a kill -9.
type fieldsRig struct {
	srv    *sandbox.Running
	client *api.Client
	path   string
	outbox *store.Outbox
	r      *store.Replayer
	now    func() time.Time // the replayer's clock; nil: time.Now
}

func newFieldsRig(t *testing.T) *fieldsRig {
	t.Helper()
	srv := sandboxtest.Start(t, sandbox.Options{})
	rig := &fieldsRig{srv: srv, client: sandboxtest.DemoClient(srv), path: filepath.Join(t.TempDir(), store.OutboxFile)}
	rig.reopen(t, firstSession)
	return rig
}

// reopen opens the outbox again as a new run of the app.
func (rig *fieldsRig) reopen(t *testing.T, session string) {
	t.Helper()
	if rig.outbox != nil {
		if err := rig.outbox.Close(); err != nil {
			t.Fatal(err)
		}
	}
	o, err := store.OpenOutbox(rig.path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = o.Close() })
	rig.outbox = o
	if rig.r, err = store.NewReplayer(o, rig.client, store.ReplayerConfig{Service: rig.srv.URL, User: "demo", Session: session, Now: rig.now}); err != nil {
		t.Fatal(err)
	}
}

// item finds an item of the workspace in a status, passing pick.
func (rig *fieldsRig) item(t *testing.T, k api.Kind, status string, pick func(api.Item) bool) api.Item {
	t.Helper()
	var found api.Item
	err := rig.client.ListPages(context.Background(), api.ListRequest{WorkspaceID: fieldsWS, Kind: k}, func(p api.Page) {
		for _, it := range p.Items {
			if found.ID == "" && it.Status == status && (pick == nil || pick(it)) {
				found = it
			}
		}
	})
	if err != nil || found.ID == "" {
		t.Fatalf("no %s in %s: %v", k, status, err)
	}
	return found
}

// send queues an edit of it as seen and sends it.
func (rig *fieldsRig) send(t *testing.T, it api.Item, op store.EditOp, from, to string, fields map[string]string) store.Result {
	t.Helper()
	e, err := rig.outbox.Add(store.Edit{Session: firstSession, Service: rig.srv.URL, User: "demo", WorkspaceID: fieldsWS,
		Kind: it.Kind, Op: op, ItemID: it.ID, From: from, To: to, SeenModified: it.Modified, Fields: fields})
	if err != nil {
		t.Fatal(err)
	}
	res, err := rig.r.Send(context.Background(), e)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func (rig *fieldsRig) get(t *testing.T, k api.Kind, id string) api.Item {
	t.Helper()
	it, err := rig.client.Get(context.Background(), fieldsWS, k, id)
	if err != nil {
		t.Fatal(err)
	}
	return it
}

// TestStatusEditAsksForTheTransitionsFields: rejecting a bug without its
// resolution is refused with the reason, and sent with it; a story moves
// one step by its status code; a step off the workflow fails naming the
// statuses allowed.
func TestStatusEditAsksForTheTransitionsFields(t *testing.T) {
	rig := newFieldsRig(t)
	bug := rig.item(t, api.Bug, "in_progress", func(it api.Item) bool { v, _ := it.Get("resolution"); return v == "" })
	res := rig.send(t, bug, store.OpStatus, "in_progress", "rejected", nil)
	if res.Outcome != store.OutcomeFailed || !strings.Contains(res.Edit.LastError, "requires resolution") {
		t.Fatalf("rejecting without a resolution: %s %q", res.Outcome, res.Edit.LastError)
	}
	res = rig.send(t, bug, store.OpStatus, "in_progress", "rejected", map[string]string{"resolution": "by design"})
	if res.Outcome != store.OutcomeSent {
		t.Fatalf("rejecting with a resolution: %s %v", res.Outcome, res.Err)
	}
	if got := rig.get(t, api.Bug, bug.ID); got.Status != "rejected" {
		t.Errorf("the service has the bug %s", got.Status)
	}
	story := rig.item(t, api.Story, "planning", nil)
	if res := rig.send(t, story, store.OpStatus, "planning", "resolved", nil); res.Outcome != store.OutcomeFailed ||
		!strings.Contains(res.Edit.LastError, "it can go to: Developing, Rejected") {
		t.Errorf("planning → resolved: %s %q", res.Outcome, res.Edit.LastError)
	}
	if res := rig.send(t, story, store.OpStatus, "planning", "developing", nil); res.Outcome != store.OutcomeSent || res.Item.Status != "developing" {
		t.Errorf("planning → developing: %s %+v", res.Outcome, res.Err)
	}
	if res := rig.send(t, story, store.OpStatus, "planning", "rejected", nil); res.Outcome != store.OutcomeConflict || res.Edit.Theirs != "developing" {
		t.Errorf("a move from a status the story left: %s, theirs %q; want a conflict naming developing", res.Outcome, res.Edit.Theirs)
	}
}

// TestOwnersOnBugs: a bug's owners are its current_owner, written as
// TAPD's nick list in any order the user picked; an unknown nick is refused.
func TestOwnersOnBugs(t *testing.T) {
	rig := newFieldsRig(t)
	bug := rig.item(t, api.Bug, "new", nil)
	if res := rig.send(t, bug, store.OpOwner, bug.Owner, "alice;demo", nil); res.Outcome != store.OutcomeSent {
		t.Fatalf("two owners: %s %v", res.Outcome, res.Err)
	}
	got := rig.get(t, api.Bug, bug.ID)
	if cur, _ := got.Get("current_owner"); cur != "alice;demo;" {
		t.Errorf("current_owner %q, want alice;demo;", cur)
	}
	if res := rig.send(t, got, store.OpOwner, "demo;alice;", "alice;demo;", nil); res.Outcome != store.OutcomeApplied {
		t.Errorf("the same owners in another order: %s, want applied without a write", res.Outcome)
	}
	if res := rig.send(t, got, store.OpOwner, "alice;demo;", "ghost;", nil); res.Outcome != store.OutcomeFailed ||
		!strings.Contains(res.Edit.LastError, "not a member") {
		t.Errorf("an unknown owner: %s %q", res.Outcome, res.Edit.LastError)
	}
}

// TestUnplanning: an item planned in an iteration leaves it for none ("0"
// on the service), and goes back.
func TestUnplanning(t *testing.T) {
	rig := newFieldsRig(t)
	story := rig.item(t, api.Story, "planning", func(it api.Item) bool { return store.NoIteration(it.IterationID) != "" })
	planned := story.IterationID
	if res := rig.send(t, story, store.OpIteration, planned, "", nil); res.Outcome != store.OutcomeSent {
		t.Fatalf("unplanning: %s %v", res.Outcome, res.Err)
	}
	got := rig.get(t, api.Story, story.ID)
	if got.IterationID != "0" {
		t.Errorf("iteration_id %q after unplanning, want 0", got.IterationID)
	}
	if res := rig.send(t, got, store.OpIteration, "0", planned, nil); res.Outcome != store.OutcomeSent || rig.get(t, api.Story, story.ID).IterationID != planned {
		t.Errorf("planning again: %s %v", res.Outcome, res.Err)
	}
}

// TestCommentDeliveredOnceAfterACrash: the app dies after claiming a
// comment, before or after the service took it; the next run looks for it
// and the item has the comment once either way.
func TestCommentDeliveredOnceAfterACrash(t *testing.T) {
	for _, reached := range []bool{false, true} {
		t.Run(map[bool]string{false: "not reached", true: "reached"}[reached], func(t *testing.T) {
			rig := newFieldsRig(t)
			story := rig.item(t, api.Story, "planning", nil)
			text := "<p>why: the customer asked</p>"
			e, err := rig.outbox.Add(store.Edit{Session: firstSession, Service: rig.srv.URL, User: "demo", WorkspaceID: fieldsWS,
				Kind: api.Story, Op: store.OpComment, ItemID: story.ID, To: text})
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := rig.outbox.Claim(e.Seq); err != nil {
				t.Fatal(err)
			}
			if reached {
				if _, err := rig.client.AddComment(context.Background(), api.NewComment{WorkspaceID: fieldsWS, Kind: api.Story, ItemID: story.ID, Author: "demo", Text: text}); err != nil {
					t.Fatal(err)
				}
			}
			rig.now = func() time.Time { return time.Now().Add(store.OrphanGrace) } // past the grace of an edit taken up
			rig.reopen(t, "20260106T091700Z-second")
			if n, err := rig.outbox.Adopt(rig.srv.URL, "demo"); err != nil || n != 1 {
				t.Fatalf("Adopt = %d, %v; want the comment of the stopped run taken up", n, err)
			}
			results, err := rig.r.Flush(context.Background())
			want := map[bool]store.Outcome{false: store.OutcomeSent, true: store.OutcomeApplied}[reached]
			if err != nil || len(results) != 1 || results[0].Outcome != want {
				t.Fatalf("Flush = %+v, %v; want one %s", results, err, want)
			}
			comments, err := rig.client.Comments(context.Background(), fieldsWS, api.Story, story.ID)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, c := range comments {
				if c.Description == text && c.Author == "demo" {
					n++
				}
			}
			if n != 1 {
				t.Errorf("the story has the comment %d times, want once", n)
			}
			if results[0].Edit.ResultItemID == "" {
				t.Error("the comment's id is not kept with the edit")
			}
		})
	}
}
