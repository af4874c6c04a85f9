package api

import (
	"context"
	"testing"
	"time"
)

// TestBudgetTimeFor: at 60 requests a minute (kept 63 s), with 50 sent a
// second apart, 10 more go at once, the 11th when the first sent frees its
// slot, the 70th when the 10 sent now free theirs, and so on a window a
// round; a wait the service asked for comes first; a budget with no limit
// tells only such a wait.
func TestBudgetTimeFor(t *testing.T) {
	start := time.Unix(1_800_000_000, 0)
	clock := &testClock{now: start}
	b, err := NewBudget(60, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	b.now = clock.Now
	for range 50 {
		if err := b.take(context.Background(), "list stories", false, sleep, nil); err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Second)
	}
	// now = start+50s; the slots were taken at start+0s … start+49s.
	cases := []struct {
		n    int
		want time.Duration
	}{
		{0, 0},
		{10, 0},
		{11, 13 * time.Second},   // the slot of start+0s frees at start+63s
		{60, 62 * time.Second},   // the slot of start+49s frees at start+112s
		{70, 63 * time.Second},   // the 10 that go now free theirs at start+113s
		{200, 211 * time.Second}, // the 190th that waits: the slot of start+9s, four windows on
	}
	for _, c := range cases {
		if got, ok := b.TimeFor(c.n); !ok || got != c.want {
			t.Errorf("TimeFor(%d) = %v, %v; want %v", c.n, got, ok, c.want)
		}
	}
	if err := b.Hold(clock.Now().Add(30*time.Second), WaitService); err != nil {
		t.Fatal(err)
	}
	if got, _ := b.TimeFor(1); got != 30*time.Second {
		t.Errorf("TimeFor(1) behind a wait of 30s = %v", got)
	}
	free, err := NewBudget(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	free.now = clock.Now
	if _, ok := free.TimeFor(10); ok {
		t.Error("a budget without a limit tells a time")
	}
	if err := free.Hold(clock.Now().Add(45*time.Second), WaitService); err != nil {
		t.Fatal(err)
	}
	if got, ok := free.TimeFor(10); !ok || got != 45*time.Second {
		t.Errorf("TimeFor(10) of a budget without a limit behind a wait of 45s = %v, %v; want the wait", got, ok)
	}
}
