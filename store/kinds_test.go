package store

import (
	"context"
	"testing"

	"triage/api"
)

// TestEditsOfOneIDInTwoKindsDoNotWait: TAPD gives a story and a bug the same
// id for the same short id, so an edit waits only behind an older pending
// edit of its own item, kind included: a bug's edit is sent while the edit
// of a story with its id waits for the user in conflict.
func TestEditsOfOneIDInTwoKindsDoNotWait(t *testing.T) {
	f := newReplayFixture(t, story(itemA, "Middle", "m1"))
	storyEdit := f.add(t, priorityEdit(itemA, "Low", "High", "m0")) // seen before someone set Middle
	if res, err := f.r.Send(context.Background(), storyEdit); err != nil || res.Outcome != OutcomeConflict {
		t.Fatalf("Send = %+v, %v; want a conflict", res, err)
	}
	bugEdit := priorityEdit(itemA, "Middle", "Low", "m1")
	bugEdit.Kind = api.Bug
	bugEdit = f.add(t, bugEdit)
	results, err := f.r.Flush(context.Background())
	if err != nil || len(results) != 1 || results[0].Edit.Seq != bugEdit.Seq || results[0].Outcome != OutcomeSent {
		t.Fatalf("Flush = %+v, %v; want the bug's edit sent while the story's waits", results, err)
	}
}

// TestCreateResultsAreTakenPerKind: a bug found after a create that may have
// been applied is not the result of an earlier story create that produced
// the same id, so the bug is not created a second time.
func TestCreateResultsAreTakenPerKind(t *testing.T) {
	f := newReplayFixture(t)
	res, err := f.r.Send(context.Background(), f.add(t, Edit{Kind: api.Story, Op: OpCreate, Title: "Same"}))
	if err != nil || res.Outcome != OutcomeSent || res.Edit.ResultItemID == "" {
		t.Fatalf("create = %+v, %v", res, err)
	}
	id := res.Edit.ResultItemID
	if taken, err := f.outbox.resultTaken(OpCreate, api.Story, id, 0); err != nil || !taken {
		t.Errorf("story %s taken = %v, %v; want true", id, taken, err)
	}
	if taken, err := f.outbox.resultTaken(OpCreate, api.Bug, id, 0); err != nil || taken {
		t.Errorf("bug %s taken = %v, %v; want false", id, taken, err)
	}
}
