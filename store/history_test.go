package store

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"
)

func seqs(edits []Edit) []uint64 {
	out := make([]uint64, len(edits))
	for i, e := range edits {
		out[i] = e.Seq
	}
	return out
}

func TestHistoryBySessionAndSince(t *testing.T) {
	f := newReplayFixture(t)
	a := f.add(t, Edit{Session: "s1", Op: OpPriority, ItemID: itemA, From: "Low", To: "High"})
	f.clock.advance(time.Hour)
	b := f.add(t, Edit{Session: "s1", Op: OpTitle, ItemID: itemA, From: "old", To: "new"})
	f.clock.advance(time.Hour)
	c := f.add(t, Edit{Session: "s2", Op: OpPriority, ItemID: itemA, From: "High", To: "Low"})
	for _, e := range []Edit{a, c} { // a and c are done; b is still waiting
		if _, _, err := f.outbox.Claim(e.Seq); err != nil {
			t.Fatal(err)
		}
		if _, err := f.outbox.MarkSent(e.Seq, ""); err != nil {
			t.Fatal(err)
		}
	}

	tests := []struct {
		name    string
		since   time.Time
		session string
		want    []uint64
	}{
		{"everything", time.Time{}, "", []uint64{a.Seq, b.Seq, c.Seq}},
		{"one session, sent and waiting", time.Time{}, "s1", []uint64{a.Seq, b.Seq}},
		{"since", testNow.Add(time.Hour), "", []uint64{b.Seq, c.Seq}},
		{"since, in a session", testNow.Add(90 * time.Minute), "s1", []uint64{}},
		{"unknown session", time.Time{}, "s9", []uint64{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := f.outbox.History(tt.since, tt.session)
			if err != nil {
				t.Fatal(err)
			}
			if g := seqs(got); !slices.Equal(g, tt.want) {
				t.Errorf("History = %v, want %v", g, tt.want)
			}
		})
	}

	last, ok, err := f.outbox.LastSession()
	if err != nil || !ok || last != "s2" {
		t.Errorf("LastSession = %q, %v, %v; want s2", last, ok, err)
	}
}

func TestLastSessionEmpty(t *testing.T) {
	f := newReplayFixture(t)
	if s, ok, err := f.outbox.LastSession(); ok || err != nil || s != "" {
		t.Errorf("LastSession of an empty outbox = %q, %v, %v", s, ok, err)
	}
}

func TestLastSessionIsTheNewestEditPendingOrDone(t *testing.T) {
	f := newReplayFixture(t)
	old := f.add(t, Edit{Session: "s1", Op: OpPriority, ItemID: itemA, From: "Low", To: "High"})
	f.add(t, Edit{Session: "s2", Op: OpPriority, ItemID: itemA, From: "High", To: "Low"})
	if _, _, err := f.outbox.Claim(old.Seq); err != nil {
		t.Fatal(err)
	}
	if _, err := f.outbox.MarkSent(old.Seq, ""); err != nil {
		t.Fatal(err)
	}
	if s, _, err := f.outbox.LastSession(); s != "s2" || err != nil {
		t.Errorf("LastSession = %q, %v; want the pending s2", s, err)
	}
}

// TestUndoWalksBack sets Low → Middle → High → Nice To Have, then undoes
// three times: each u sends the previous priority and steps one edit back.
func TestUndoWalksBack(t *testing.T) {
	f := newReplayFixture(t, story(itemA, "Low", "m0"))
	ctx := context.Background()
	steps := [][2]string{{"Low", "Middle"}, {"Middle", "High"}, {"High", "Nice To Have"}}
	for _, s := range steps {
		it := f.remote.item(itemA)
		e := f.add(t, priorityEdit(itemA, s[0], s[1], it.Modified))
		if res, err := f.r.Send(ctx, e); err != nil || res.Outcome != OutcomeSent {
			t.Fatalf("Send = %+v, %v", res, err)
		}
	}
	f.add(t, Edit{Session: "another run", Op: OpPriority, ItemID: "1010022001000000099", From: "Low", To: "High"})

	for _, want := range []string{"High", "Middle", "Low"} {
		orig, ok, err := f.outbox.LastUndoable(testSession)
		if err != nil || !ok {
			t.Fatalf("LastUndoable = %v, %v", ok, err)
		}
		undo, err := f.outbox.Add(UndoOf(orig, f.remote.item(itemA).Modified))
		if err != nil {
			t.Fatalf("Add undo: %v", err)
		}
		if res, err := f.r.Send(ctx, undo); err != nil || res.Outcome != OutcomeSent {
			t.Fatalf("Send undo = %+v, %v", res, err)
		}
		if got := f.remote.item(itemA).PriorityLabel; got != want {
			t.Fatalf("after undo: priority %q, want %q", got, want)
		}
		if _, err := f.outbox.Add(UndoOf(orig, "")); !errors.Is(err, ErrAlreadyUndone) {
			t.Errorf("undoing twice = %v, want ErrAlreadyUndone", err)
		}
	}
	if e, ok, err := f.outbox.LastUndoable(testSession); ok || err != nil {
		t.Errorf("after undoing everything, LastUndoable = %+v, %v, %v", e, ok, err)
	}
}

// TestFailedUndoCanBeUndoneAgain: an undo the service refuses leaves the
// change in place, so u offers it again.
func TestFailedUndoCanBeUndoneAgain(t *testing.T) {
	f := newReplayFixture(t, story(itemA, "Low", "m0"))
	ctx := context.Background()
	e := f.add(t, priorityEdit(itemA, "Low", "High", "m0"))
	if _, err := f.r.Send(ctx, e); err != nil {
		t.Fatal(err)
	}
	orig, _, _ := f.outbox.LastUndoable(testSession)
	undo, err := f.outbox.Add(UndoOf(orig, f.remote.item(itemA).Modified))
	if err != nil {
		t.Fatal(err)
	}
	f.remote.failNext("priority", validationError(), false)
	if res, err := f.r.Send(ctx, undo); err != nil || res.Outcome != OutcomeFailed {
		t.Fatalf("Send undo = %+v, %v", res, err)
	}
	again, ok, err := f.outbox.LastUndoable(testSession)
	if err != nil || !ok || again.Seq != orig.Seq {
		t.Errorf("LastUndoable after a failed undo = %+v, %v, %v; want edit %d", again, ok, err, orig.Seq)
	}
}

func TestUndoOfAChangeFromNoPriority(t *testing.T) {
	f := newReplayFixture(t)
	f.add(t, priorityEdit(itemA, "Low", "Middle", "m0"))
	first := f.add(t, priorityEdit("1010022001000000002", "", "High", "m0"))
	// u takes a first priority back by clearing it, where the service allows that.
	orig, ok, err := f.outbox.LastUndoable(testSession)
	if err != nil || !ok || orig.Seq != first.Seq {
		t.Fatalf("LastUndoable = %+v, %v, %v; want the first priority %d", orig, ok, err, first.Seq)
	}
	undo, err := f.outbox.Add(UndoOf(first, "m1"))
	if err != nil || undo.To != "" || undo.Op != OpPriority {
		t.Errorf("Add undo to no priority = %+v, %v; want a priority edit to none", undo, err)
	}
}
