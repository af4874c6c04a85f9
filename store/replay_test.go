package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"triage/api"
)

func TestSendFreshEditReadsFirst(t *testing.T) {
	f := newReplayFixture(t, story(itemA, "Middle", "m1"))
	e := f.add(t, priorityEdit(itemA, "Middle", "High", "m1"))
	res, err := f.r.Send(context.Background(), e)
	if err != nil || res.Outcome != OutcomeSent {
		t.Fatalf("Send = %+v, %v", res, err)
	}
	if got := f.remote.callLog(); !slices.Equal(got, []string{"get", "priority"}) {
		t.Errorf("calls = %v, want one read, then one write", got)
	}
	if res.Item.PriorityLabel != "High" || res.Edit.State != StateSent || !res.Edit.SentAt.Equal(testNow) {
		t.Errorf("result = %+v", res)
	}
	if n, _ := f.outbox.PendingCount(testService, testUser); n != 0 {
		t.Errorf("%d edits still pending", n)
	}
}

// TestCrashWhileSending: the app stops after claiming an edit, before or
// after the service applied it. The next run reads first and sends only what
// is missing: the service sees each write once.
func TestCrashWhileSending(t *testing.T) {
	title := Edit{Kind: api.Story, Op: OpTitle, ItemID: itemA, From: "title " + itemA, To: "Better title", SeenModified: "m1"}
	create := Edit{Kind: api.Story, Op: OpCreate, Title: "New thing", To: "High"}
	tests := []struct {
		name      string
		edit      Edit
		applied   bool
		want      Outcome
		wantCalls []string // after the restart
	}{
		{"priority applied", priorityEdit(itemA, "Middle", "High", "m1"), true, OutcomeApplied, []string{"get"}},
		{"priority not applied", priorityEdit(itemA, "Middle", "High", "m1"), false, OutcomeSent, []string{"get", "priority"}},
		{"title applied", title, true, OutcomeApplied, []string{"get"}},
		{"title not applied", title, false, OutcomeSent, []string{"get", "update"}},
		{"create applied", create, true, OutcomeApplied, []string{"find"}},
		{"create not applied", create, false, OutcomeSent, []string{"find", "create"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newReplayFixture(t, story(itemA, "Middle", "m1"))
			e := f.add(t, tt.edit)
			if _, _, err := f.outbox.Claim(e.Seq); err != nil {
				t.Fatal(err)
			}
			if tt.applied { // the write reached the service; the app died before hearing back
				applyDirectly(t, f.remote, e)
			}
			f.remote.forgetCalls()

			f.reopen(t, "the next run")
			if n, err := f.outbox.Adopt(testService, testUser); err != nil || n != 1 {
				t.Fatalf("Adopt = %d, %v; want the edit of the stopped run taken up", n, err)
			}
			if results, err := f.r.Flush(context.Background()); err != nil || len(results) != 0 {
				t.Fatalf("Flush within the grace = %+v, %v; want nothing sent yet", results, err)
			}
			f.clock.advance(orphanGrace)
			results, err := f.r.Flush(context.Background())
			if err != nil || len(results) != 1 || results[0].Outcome != tt.want {
				t.Fatalf("Flush = %+v, %v; want one %s", results, err, tt.want)
			}
			if got := f.remote.callLog(); !slices.Equal(got, tt.wantCalls) {
				t.Errorf("calls after the restart = %v, want %v", got, tt.wantCalls)
			}
			if results[0].Edit.State != StateSent {
				t.Errorf("state = %s", results[0].Edit.State)
			}
			if e.Op == OpCreate {
				if n := len(f.remote.created); n != 1 {
					t.Errorf("%d items created, want 1", n)
				}
				if id := results[0].Edit.ResultItemID; id != f.remote.created[0] {
					t.Errorf("ResultItemID = %q, want %q", id, f.remote.created[0])
				}
			} else if got := currentValue(e, f.remote.item(itemA)); got != e.To {
				t.Errorf("the service has %q, want %q", got, e.To)
			}
		})
	}
}

// applyDirectly makes the write of e on the service, as a send that the app
// did not live to hear the answer of.
func applyDirectly(t *testing.T, r *fakeRemote, e Edit) {
	t.Helper()
	ctx := context.Background()
	var err error
	switch e.Op {
	case OpPriority:
		_, err = r.UpdatePriority(ctx, e.WorkspaceID, e.Kind, e.ItemID, e.To, e.User)
	case OpTitle:
		_, err = r.Update(ctx, e.WorkspaceID, e.Kind, e.ItemID, map[string]string{"title": e.To}, e.User)
	case OpCreate:
		_, err = r.Create(ctx, api.NewItem{Kind: e.Kind, WorkspaceID: e.WorkspaceID, Title: e.Title, PriorityLabel: e.To, Creator: e.User})
	}
	if err != nil {
		t.Fatal(err)
	}
}

// earlier is the session of a previous run: its edits are replayed.
const earlier = "20260105T090000Z-00000000"

func TestReplayConflicts(t *testing.T) {
	tests := []struct {
		name      string
		service   api.Item // the item on the service at replay time
		edit      Edit
		want      Outcome
		wantCalls []string
		theirs    string
	}{
		{"unchanged", story(itemA, "Middle", "m1"), priorityEdit(itemA, "Middle", "High", "m1"), OutcomeSent, []string{"get", "priority"}, ""},
		{"moved, priority differs", story(itemA, "Low", "m2"), priorityEdit(itemA, "Middle", "High", "m1"), OutcomeConflict, []string{"get"}, "Low"},
		{"moved, same priority as seen", story(itemA, "Middle", "m2"), priorityEdit(itemA, "Middle", "High", "m1"), OutcomeSent, []string{"get", "priority"}, ""},
		{"already at the target", story(itemA, "High", "m2"), priorityEdit(itemA, "Middle", "High", "m1"), OutcomeApplied, []string{"get"}, ""},
		{"target differs only in spaces", story(itemA, " High ", "m2"), priorityEdit(itemA, "Middle", "High", "m1"), OutcomeApplied, []string{"get"}, ""},
		{"modified unknown, priority differs", story(itemA, "Low", "m2"), priorityEdit(itemA, "Middle", "High", ""), OutcomeConflict, []string{"get"}, "Low"},
		{"legacy priority shown by its label", api.Item{Kind: api.Story, ID: itemA, Priority: "4", Modified: "m2"}, priorityEdit(itemA, "Middle", "High", "m1"), OutcomeApplied, []string{"get"}, ""},
		{"title changed by someone else", func() api.Item { it := story(itemA, "Middle", "m2"); it.Title = "Theirs"; return it }(),
			Edit{Kind: api.Story, Op: OpTitle, ItemID: itemA, From: "title " + itemA, To: "Mine", SeenModified: "m1"}, OutcomeConflict, []string{"get"}, "Theirs"},
		{"title moved but unchanged", story(itemA, "Low", "m2"),
			Edit{Kind: api.Story, Op: OpTitle, ItemID: itemA, From: "title " + itemA, To: "Mine", SeenModified: "m1"}, OutcomeSent, []string{"get", "update"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newReplayFixture(t, tt.service)
			e := tt.edit
			e.Session = earlier
			f.add(t, e)
			results, err := f.r.Flush(context.Background())
			if err != nil || len(results) != 1 {
				t.Fatalf("Flush = %+v, %v", results, err)
			}
			res := results[0]
			if res.Outcome != tt.want {
				t.Errorf("outcome %s, want %s (%+v)", res.Outcome, tt.want, res.Edit)
			}
			if got := f.remote.callLog(); !slices.Equal(got, tt.wantCalls) {
				t.Errorf("calls = %v, want %v", got, tt.wantCalls)
			}
			if tt.want != OutcomeConflict {
				return
			}
			if res.Edit.State != StateConflict || res.Edit.Theirs != tt.theirs || res.Edit.TheirModified != tt.service.Modified {
				t.Errorf("conflict edit = %+v", res.Edit)
			}
			if res.Item.ID != itemA {
				t.Errorf("the conflict result lacks the item: %+v", res.Item)
			}
			if n, _ := f.outbox.PendingCount(testService, testUser); n != 1 {
				t.Errorf("a conflict is no longer pending")
			}
		})
	}
}

func TestResolveConflict(t *testing.T) {
	tests := []struct {
		name      string
		keepMine  bool
		wantState EditState
		wantValue string // on the service afterwards
		wantCalls []string
	}{
		{"keep mine", true, StateSent, "High", []string{"get", "priority"}},
		{"take theirs", false, StateDiscarded, "Low", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newReplayFixture(t, story(itemA, "Low", "m2"))
			e := priorityEdit(itemA, "Middle", "High", "m1")
			e.Session = earlier
			e = f.add(t, e)
			if res, _ := f.r.Flush(context.Background()); len(res) != 1 || res[0].Outcome != OutcomeConflict {
				t.Fatalf("no conflict: %+v", res)
			}
			if res, _ := f.r.Flush(context.Background()); len(res) != 0 {
				t.Fatalf("a conflict was replayed without the user: %+v", res)
			}
			f.remote.forgetCalls()
			var err error
			if tt.keepMine {
				_, err = f.outbox.KeepMine(e.Seq)
			} else {
				_, err = f.outbox.TakeTheirs(e.Seq)
			}
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.r.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			got, _ := f.outbox.Get(e.Seq)
			if got.State != tt.wantState {
				t.Errorf("state %s, want %s", got.State, tt.wantState)
			}
			if v := f.remote.item(itemA).PriorityLabel; v != tt.wantValue {
				t.Errorf("service has %q, want %q", v, tt.wantValue)
			}
			if calls := f.remote.callLog(); !slices.Equal(calls, tt.wantCalls) {
				t.Errorf("calls = %v, want %v", calls, tt.wantCalls)
			}
			if h, _ := f.outbox.History(time.Time{}, earlier); len(h) != 1 || h[0].State != tt.wantState {
				t.Errorf("history = %+v", h)
			}
		})
	}
}

// TestCreateNeverSentTwice: a create whose answer was lost is looked for
// before it is sent again.
func TestCreateNeverSentTwice(t *testing.T) {
	tests := []struct {
		name        string
		err         func(*testing.T) error
		applied     bool
		wantCreated int
		wantCalls   []string // of the retry
	}{
		{"500 after applying", func(t *testing.T) error { return writeError(t, 500) }, true, 1, []string{"find"}},
		{"connection dropped after applying", resetError, true, 1, []string{"find"}},
		{"500, not applied", func(t *testing.T) error { return writeError(t, 502) }, false, 1, []string{"find", "create"}},
		{"unknown failure, not applied", func(*testing.T) error { return errors.New("something odd") }, false, 1, []string{"find", "create"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newReplayFixture(t)
			cause := tt.err(t)
			f.remote.failNext("create", cause, tt.applied)
			e := f.add(t, Edit{Kind: api.Story, Op: OpCreate, Title: "Export to CSV", To: "High"})
			res, err := f.r.Send(context.Background(), e)
			if err != nil || res.Outcome != OutcomeQueued || res.Edit.State != StateMaybeApplied {
				t.Fatalf("Send = %s %s, %v; want queued as maybe applied", res.Outcome, res.Edit.State, err)
			}
			f.remote.forgetCalls()
			f.clock.advance(res.Edit.NextAttempt.Sub(f.clock.now()))
			results, err := f.r.Flush(context.Background())
			if err != nil || len(results) != 1 || results[0].Edit.State != StateSent {
				t.Fatalf("Flush = %+v, %v", results, err)
			}
			if got := f.remote.callLog(); !slices.Equal(got, tt.wantCalls) {
				t.Errorf("calls = %v, want %v", got, tt.wantCalls)
			}
			if len(f.remote.created) != tt.wantCreated {
				t.Errorf("%d items created, want %d", len(f.remote.created), tt.wantCreated)
			}
			if results[0].Edit.ResultItemID != f.remote.created[0] {
				t.Errorf("ResultItemID %q, want %q", results[0].Edit.ResultItemID, f.remote.created[0])
			}
		})
	}
}

// TestCreateSameTitleTwice: finding an item another create already made does
// not count as this create being applied.
func TestCreateSameTitleTwice(t *testing.T) {
	f := newReplayFixture(t)
	ctx := context.Background()
	first := f.add(t, Edit{Kind: api.Story, Op: OpCreate, Title: "Same"})
	if res, err := f.r.Send(ctx, first); err != nil || res.Outcome != OutcomeSent {
		t.Fatalf("first create = %+v, %v", res, err)
	}
	f.remote.failNext("create", writeError(t, 503), false)
	second := f.add(t, Edit{Kind: api.Story, Op: OpCreate, Title: "Same"})
	if res, _ := f.r.Send(ctx, second); res.Edit.State != StateMaybeApplied {
		t.Fatalf("second create = %+v", res)
	}
	f.clock.advance(time.Hour)
	results, err := f.r.Flush(ctx)
	if err != nil || len(results) != 1 || results[0].Outcome != OutcomeSent {
		t.Fatalf("Flush = %+v, %v", results, err)
	}
	if len(f.remote.created) != 2 || results[0].Edit.ResultItemID != f.remote.created[1] {
		t.Errorf("created %v, second result %q", f.remote.created, results[0].Edit.ResultItemID)
	}
}
