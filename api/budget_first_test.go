package api

import (
	"context"
	"testing"
	"time"
)

// TestTheLastSlotIsKeptForTheUsersNextRequest: after a request of the
// user's (an edit's read) the last slot of the window is kept for their
// next one (its write) for firstFollows: a background read (a page of a
// load) that comes first waits, the write goes at once, and the read then
// waits for the window.
func TestTheLastSlotIsKeptForTheUsersNextRequest(t *testing.T) {
	clock := &testClock{now: time.Unix(1_800_000_000, 0)}
	b, err := NewBudget(3, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	b.now = clock.Now
	ctx := context.Background()
	noWait := func(_ context.Context, d time.Duration) error {
		t.Errorf("the user's write waited %v", d)
		return nil
	}
	if err := b.take(ctx, "list stories (page 1)", false, noWait, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.take(ctx, "read story 7", true, noWait, nil); err != nil {
		t.Fatal(err)
	}
	var pauses []time.Duration
	wrote := false
	pageWaits := func(_ context.Context, d time.Duration) error {
		pauses = append(pauses, d)
		if !wrote {
			wrote = true
			if err := b.take(ctx, "update story 7", true, noWait, nil); err != nil {
				t.Fatal(err)
			}
		}
		clock.Advance(d)
		return nil
	}
	if err := b.take(ctx, "list stories (page 2)", false, pageWaits, nil); err != nil {
		t.Fatal(err)
	}
	if len(pauses) != 2 || pauses[0] != firstFollows || pauses[1] < 55*time.Second {
		t.Errorf("the page waited %v; want %v for the write, then for the window", pauses, firstFollows)
	}
}
