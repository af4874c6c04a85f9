package store

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"triage/api"
)

const (
	itemB = "1010022001000000002"
	itemC = "1010022001000000003"
)

// TestFreshWriteOfAStaleItem: someone else changes the item between the
// moment the user saw it and the key press. The fresh edit (this run, first
// attempt) is not written: it waits as a conflict with the other value, and
// the user's answer decides. Keep mine writes, and the history's From is the
// value the service had; take theirs writes nothing.
func TestFreshWriteOfAStaleItem(t *testing.T) {
	title := Edit{Kind: api.Story, Op: OpTitle, ItemID: itemA, From: "title " + itemA, To: "Mine", SeenModified: "m1"}
	tests := []struct {
		name   string
		edit   Edit
		theirs func(*fakeRemote) // the other client's change
		want   string            // theirs, as the conflict shows it
		mine   bool
	}{
		{"priority, keep mine", priorityEdit(itemA, "Middle", "High", "m1"), func(r *fakeRemote) { r.set(itemA, "Low", "title "+itemA) }, "Low", true},
		{"priority, take theirs", priorityEdit(itemA, "Middle", "High", "m1"), func(r *fakeRemote) { r.set(itemA, "Low", "title "+itemA) }, "Low", false},
		{"priority seen as none", priorityEdit(itemA, "", "High", "m1"), func(r *fakeRemote) { r.set(itemA, "Low", "title "+itemA) }, "Low", true},
		{"title, keep mine", title, func(r *fakeRemote) { r.set(itemA, "Middle", "Theirs") }, "Theirs", true},
		{"title, take theirs", title, func(r *fakeRemote) { r.set(itemA, "Middle", "Theirs") }, "Theirs", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := story(itemA, "Middle", "m1")
			if tt.edit.From == "" && tt.edit.Op == OpPriority {
				start.PriorityLabel = ""
			}
			f := newReplayFixture(t, start)
			tt.theirs(f.remote)
			before := f.remote.item(itemA)
			e := f.add(t, tt.edit)
			f.remote.forgetCalls()

			res, err := f.r.Send(context.Background(), e)
			if err != nil || res.Outcome != OutcomeConflict {
				t.Fatalf("Send = %+v, %v; want a conflict", res, err)
			}
			if got := f.remote.callLog(); !slices.Equal(got, []string{"get"}) {
				t.Errorf("calls = %v, want one read and no write", got)
			}
			if res.Edit.Theirs != tt.want || res.Item.ID != itemA {
				t.Errorf("conflict = %+v (item %+v), want theirs %q", res.Edit, res.Item, tt.want)
			}
			if got := f.remote.item(itemA); !reflect.DeepEqual(got, before) {
				t.Errorf("the service changed before the user chose: %+v", got)
			}

			if !tt.mine {
				taken, err := f.outbox.TakeTheirs(e.Seq)
				if err != nil || taken.State != StateDiscarded {
					t.Fatalf("TakeTheirs = %+v, %v", taken, err)
				}
				if got := f.remote.item(itemA); !reflect.DeepEqual(got, before) {
					t.Errorf("take theirs changed the service: %+v", got)
				}
				return
			}
			kept, err := f.outbox.KeepMine(e.Seq)
			if err != nil {
				t.Fatal(err)
			}
			res, err = f.r.Send(context.Background(), kept)
			if err != nil || res.Outcome != OutcomeSent {
				t.Fatalf("Send after keep mine = %+v, %v", res, err)
			}
			if got := currentValue(e, f.remote.item(itemA)); got != e.To {
				t.Errorf("the service has %q, want %q", got, e.To)
			}
			hist, err := f.outbox.History(time.Time{}, testSession)
			if err != nil || len(hist) != 1 {
				t.Fatalf("History = %+v, %v", hist, err)
			}
			if hist[0].From != tt.want || hist[0].To != e.To || hist[0].State != StateSent {
				t.Errorf("history = %s → %s (%s), want %s → %s", hist[0].From, hist[0].To, hist[0].State, tt.want, e.To)
			}
		})
	}
}

// TestUndoComparesWithWhatItUndoes: an undo writes the old value back only
// while the service still has the value the undone change wrote.
func TestUndoComparesWithWhatItUndoes(t *testing.T) {
	for _, moved := range []bool{false, true} {
		f := newReplayFixture(t, story(itemA, "Middle", "m1"))
		orig, err := f.r.Send(context.Background(), f.add(t, priorityEdit(itemA, "Middle", "High", "m1")))
		if err != nil || orig.Outcome != OutcomeSent {
			t.Fatalf("Send = %+v, %v", orig, err)
		}
		if moved {
			f.remote.set(itemA, "Low", "title "+itemA)
		}
		undo, err := f.outbox.Add(UndoOf(orig.Edit, orig.Item.Modified))
		if err != nil {
			t.Fatal(err)
		}
		res, err := f.r.Send(context.Background(), undo)
		want, value := OutcomeSent, "Middle"
		if moved {
			want, value = OutcomeConflict, "Low"
		}
		if err != nil || res.Outcome != want {
			t.Errorf("moved %v: undo = %+v, %v; want %s", moved, res, err, want)
		}
		if got := f.remote.item(itemA).PriorityLabel; got != value {
			t.Errorf("moved %v: the service has %q, want %q", moved, got, value)
		}
	}
}

// TestSendAllReadsOnce: a bulk change reads its items in one request; the
// item someone else changed waits for the user, the others are written, one
// item at a time or several at once.
func TestSendAllReadsOnce(t *testing.T) {
	for _, parallel := range []int{1, 3} {
		t.Run(fmt.Sprint("parallel ", parallel), func(t *testing.T) { testSendAllReadsOnce(t, parallel) })
	}
}

func testSendAllReadsOnce(t *testing.T, parallel int) {
	f := newReplayFixture(t, story(itemA, "Middle", "m1"), story(itemB, "Middle", "m1"), story(itemC, "Middle", "m1"))
	f.r.parallel = parallel
	var batch []Edit
	for _, id := range []string{itemA, itemB, itemC} {
		batch = append(batch, f.add(t, priorityEdit(id, "Middle", "High", "m1")))
	}
	f.remote.set(itemB, "Low", "title "+itemB)
	f.remote.forgetCalls()

	results, err := f.r.SendAll(context.Background(), batch)
	if err != nil || len(results) != 3 {
		t.Fatalf("SendAll = %+v, %v", results, err)
	}
	if got := f.remote.callLog(); !slices.Equal(got, []string{"getmany", "priority", "priority"}) {
		t.Errorf("calls = %v, want one read of the three, then two writes", got)
	}
	for i, want := range []Outcome{OutcomeSent, OutcomeConflict, OutcomeSent} {
		if results[i].Outcome != want {
			t.Errorf("edit %d: %s, want %s", i, results[i].Outcome, want)
		}
	}
	if got := f.remote.item(itemB).PriorityLabel; got != "Low" {
		t.Errorf("the changed item has %q, want Low kept", got)
	}
}

// TestSendAllRereadsAnItemItWrote: two edits of one item in a batch (the
// editor's title and priority): the second is compared with the item after
// the first, not with the read made before it.
func TestSendAllRereadsAnItemItWrote(t *testing.T) {
	f := newReplayFixture(t, story(itemA, "Middle", "m1"), story(itemB, "Middle", "m1"))
	batch := []Edit{
		f.add(t, Edit{Kind: api.Story, Op: OpTitle, ItemID: itemA, From: "title " + itemA, To: "New", SeenModified: "m1"}),
		f.add(t, priorityEdit(itemB, "Middle", "High", "m1")),
		f.add(t, Edit{Kind: api.Story, Op: OpTitle, ItemID: itemA, From: "New", To: "Newer", SeenModified: "m1"}),
	}
	results, err := f.r.SendAll(context.Background(), batch)
	if err != nil || len(results) != 3 {
		t.Fatalf("SendAll = %+v, %v", results, err)
	}
	for i, r := range results {
		if r.Outcome != OutcomeSent {
			t.Errorf("edit %d: %s (%v)", i, r.Outcome, r.Err)
		}
	}
	if got := f.remote.callLog(); !slices.Equal(got, []string{"getmany", "update", "get", "update", "priority"}) {
		t.Errorf("calls = %v", got)
	}
	if got := f.remote.item(itemA).Title; got != "Newer" {
		t.Errorf("title %q, want Newer", got)
	}
}
