package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"triage/api"
	"triage/store"
)

// TestBatchLeavesConflictsAndFieldMovesOut: in a bulk edit, a story
// changed on the service since the user saw it is a conflict and is not
// written by the batch; the others go in one batch; a bug rejected with
// its resolution (a move that needs fields) goes alone. Keep mine then
// writes the conflicting story.
func TestBatchLeavesConflictsAndFieldMovesOut(t *testing.T) {
	rig := newBatchRig(t)
	ctx := context.Background()
	planning := rig.stories(t, "planning", 4)
	to, theirs := unusedPriorities(t, planning)
	if _, err := rig.client.UpdatePriority(ctx, fieldsWS, api.Story, planning[0].ID, theirs, "alice"); err != nil {
		t.Fatal(err)
	}
	bug := rig.item(t, api.Bug, "in_progress", func(it api.Item) bool { v, _ := it.Get("resolution"); return v == "" })
	edits := rig.queue(t, planning, store.OpPriority, priority, to)
	move, err := rig.outbox.Add(store.Edit{Session: firstSession, Service: rig.srv.URL, User: "demo", WorkspaceID: fieldsWS,
		Kind: api.Bug, Op: store.OpStatus, ItemID: bug.ID, From: "in_progress", To: "rejected", SeenModified: bug.Modified,
		Fields: map[string]string{"resolution": "by design"}})
	if err != nil {
		t.Fatal(err)
	}
	rig.count.take()
	results, err := rig.r.SendAll(ctx, append(edits, move))
	if err != nil {
		t.Fatal(err)
	}
	// The stories read together, the bug alone; one batch of three
	// stories, the bug's move alone.
	if reads, writes := rig.count.take(); reads != 2 || writes != 2 {
		t.Errorf("%d reads, %d writes; want 2, 2", reads, writes)
	}
	if res := results[0]; res.Outcome != store.OutcomeConflict || res.Edit.Theirs != theirs {
		t.Errorf("the story changed meanwhile: %s, theirs %q; want a conflict naming %s", res.Outcome, res.Edit.Theirs, theirs)
	}
	if got := rig.get(t, api.Story, planning[0].ID); got.PriorityLabel != theirs {
		t.Errorf("the conflicting story has %q on the service; the batch must not write it", got.PriorityLabel)
	}
	for _, res := range results[1:] {
		if res.Outcome != store.OutcomeSent {
			t.Errorf("%s %s: %s %v", res.Edit.Kind, res.Edit.ItemID, res.Outcome, res.Err)
		}
	}
	for _, it := range planning[1:] {
		if got := rig.get(t, api.Story, it.ID); got.PriorityLabel != to {
			t.Errorf("story %s has %q, want %q", it.ID, got.PriorityLabel, to)
		}
	}
	if got := rig.get(t, api.Bug, bug.ID); got.Status != "rejected" {
		t.Errorf("the bug is %s, want rejected", got.Status)
	}

	if _, err := rig.outbox.KeepMine(results[0].Edit.Seq); err != nil {
		t.Fatal(err)
	}
	if flushed, err := rig.r.Flush(ctx); err != nil || len(flushed) != 1 || flushed[0].Outcome != store.OutcomeSent {
		t.Fatalf("kept mine, flushed %+v: %v", flushed, err)
	}
	if got := rig.get(t, api.Story, planning[0].ID); got.PriorityLabel != to {
		t.Errorf("kept mine: the story has %q, want %q", got.PriorityLabel, to)
	}
}

// unusedPriorities are two priorities none of items has.
func unusedPriorities(t *testing.T, items []api.Item) (string, string) {
	t.Helper()
	var free []string
	for _, p := range []string{"High", "Middle", "Low", "Nice To Have"} {
		used := false
		for _, it := range items {
			used = used || it.DisplayPriority() == p
		}
		if !used {
			free = append(free, p)
		}
	}
	if len(free) < 2 {
		t.Fatalf("only %v is a priority none of the stories has; want two", free)
	}
	return free[0], free[1]
}

// lostAnswers is a remote whose batch writes reach the service but whose
// answers are lost, as when the process dies mid-batch.
type lostAnswers struct {
	*api.Client
	batches int
}

func (l *lostAnswers) BatchUpdate(ctx context.Context, ws int64, kind api.Kind, items []api.BatchItem, user string) ([]api.BatchResult, error) {
	l.batches++
	if _, err := l.Client.BatchUpdate(ctx, ws, kind, items, user); err != nil {
		return nil, err
	}
	return nil, errors.New("connection reset by peer")
}

// TestBatchAppliedOnceAfterALostAnswer: a batch whose answer is lost
// leaves its edits claimed as maybe applied; the next run reads each item
// before sending it again, finds the write there, and writes nothing more.
func TestBatchAppliedOnceAfterALostAnswer(t *testing.T) {
	rig := newBatchRig(t)
	ctx := context.Background()
	planning := rig.stories(t, "planning", 5)
	edits := rig.queue(t, planning, store.OpStatus, status, "developing")
	lost := &lostAnswers{Client: rig.client}
	r, err := store.NewReplayer(rig.outbox, lost, store.ReplayerConfig{Service: rig.srv.URL, User: "demo", Session: firstSession})
	if err != nil {
		t.Fatal(err)
	}
	results, _ := r.SendAll(ctx, edits)
	if lost.batches != 1 {
		t.Fatalf("%d batches sent, want 1", lost.batches)
	}
	for _, res := range results {
		if res.Edit.State != store.StateMaybeApplied {
			t.Fatalf("edit %d after a lost answer: %s, want maybe_applied", res.Edit.Seq, res.Edit.State)
		}
	}
	rig.reopen(t, "20260106T101604Z-second")
	later := func() time.Time { return time.Now().Add(time.Hour) } // past the backoff of the lost answer
	if r, err = store.NewReplayer(rig.outbox, rig.client, store.ReplayerConfig{Service: rig.srv.URL, User: "demo", Session: "20260106T101604Z-second", Now: later}); err != nil {
		t.Fatal(err)
	}
	rig.count.take()
	flushed, err := r.Flush(ctx)
	if err != nil || len(flushed) != 5 {
		t.Fatalf("flush: %d results: %v", len(flushed), err)
	}
	for _, res := range flushed {
		if res.Outcome != store.OutcomeApplied {
			t.Errorf("edit %d: %s, want applied (found on the service, not written again)", res.Edit.Seq, res.Outcome)
		}
	}
	if reads, writes := rig.count.take(); reads != 1 || writes != 0 {
		t.Errorf("after the lost answer: %d reads, %d writes; want 1 read and no write", reads, writes)
	}
}
