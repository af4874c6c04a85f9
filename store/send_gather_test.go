package store

import (
	"context"
	"runtime"
	"sync"
	"testing"
	"time"

	"triage/api"
)

// TestGatherDue: sends gathered in a lane go once none came for Quiet, and
// no later than Most after the first; the zero Gather sends at once.
func TestGatherDue(t *testing.T) {
	first := time.Date(2026, 1, 6, 9, 16, 4, 0, time.UTC)
	board := BoardGather()
	for _, c := range []struct {
		name   string
		gather Gather
		last   time.Duration // after first
		want   time.Duration // after first
	}{
		{"a lone send waits Quiet", board, 0, 400 * time.Millisecond},
		{"a send a moment later moves it on", board, 300 * time.Millisecond, 700 * time.Millisecond},
		{"but never past Most after the first", board, 900 * time.Millisecond, time.Second},
		{"the zero Gather sends at once", Gather{}, 0, 0},
		{"also after a wait behind a send on its way", Gather{}, 200 * time.Millisecond, 0},
	} {
		if got := c.gather.due(first, first.Add(c.last)).Sub(first); got != c.want {
			t.Errorf("%s: due %v after the first, want %v", c.name, got, c.want)
		}
	}
}

// TestMovesMadeTogetherGoAsOne: with a Gather, ten single moves made
// within it go as one send: their stories read in one request and written
// in one batch. While they wait, each is in the outbox, waiting, as it
// would be found after a crash, and a flush that comes meanwhile leaves
// them to the lane: it makes no request. Each move gets its own answer.
func TestMovesMadeTogetherGoAsOne(t *testing.T) {
	open := make(chan struct{})
	close(open)
	counted := &heldWrites{hold: open}
	// Long enough that the checks below run while the moves wait.
	s, client, planning, service := tenMovesRig(t, counted, Gather{Quiet: 2 * time.Second, Most: 4 * time.Second})
	counted.mu.Lock()
	counted.reads, counted.writes = 0, 0
	counted.mu.Unlock()

	results := make([][]Result, len(planning))
	var wg sync.WaitGroup
	for i := range planning {
		wg.Go(func() { results[i] = sendMove(t, s, service, planning[i]) })
	}
	for s.lane("demo").waitingSends() < len(planning) {
		runtime.Gosched()
	}
	pending, err := s.Pending("demo")
	if err != nil || len(pending) != len(planning) {
		t.Fatalf("while the moves wait, the outbox holds %d pending edits (%v); want the %d", len(pending), err, len(planning))
	}
	for _, e := range pending {
		if e.State != StateWaiting {
			t.Errorf("while the moves wait, edit %d is %s, want waiting", e.Seq, e.State)
		}
	}
	flushed, err := s.Flush(context.Background(), "demo")
	if err != nil || len(flushed) != 0 || counted.count() != 0 {
		t.Errorf("a flush while the moves wait: %d results, %v, %d requests; want nothing sent, no request", len(flushed), err, counted.count())
	}
	wg.Wait()

	if reads, writes := counted.reads, counted.writes; reads != 1 || writes != 1 {
		t.Errorf("10 single moves made together: %d reads, %d writes; want 1, 1", reads, writes)
	}
	ids := make([]string, len(planning))
	for i, res := range results {
		ids[i] = planning[i].ID
		if len(res) != 1 || res[0].Outcome != OutcomeSent || res[0].Edit.ItemID != planning[i].ID {
			t.Errorf("move %d: %+v", i, res)
		}
	}
	got, err := client.GetMany(context.Background(), 10022001, api.Story, ids)
	if err != nil || len(got) != len(planning) {
		t.Fatalf("on the service: %d stories, %v", len(got), err)
	}
	for _, it := range got {
		if it.Status != "developing" {
			t.Errorf("on the service, %s is %s, want developing", it.ShortID(), it.Status)
		}
	}
}
