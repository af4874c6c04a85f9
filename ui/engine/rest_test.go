package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/store"
)

// TestNeverWaitingAndSentAtOnce: the flush that sends the waiting edits
// takes them off the count at once, so the status line never says "3 edits
// waiting · sent 3 waiting edits".
func TestNeverWaitingAndSentAtOnce(t *testing.T) {
	r := newRig(t)
	r.g.flushGen = 7
	r.g.Update(scheduleMsg{gen: 7, waiting: 3})
	if got := strings.Join(r.g.Badges(), " · "); got != "3 edits waiting" {
		t.Fatalf("before the flush the badges are %q", got)
	}
	var results []store.Result
	for n := 1; n <= 3; n++ {
		it := r.story(n)
		results = append(results, store.Result{Outcome: store.OutcomeSent, Item: it,
			Edit: store.Edit{Kind: api.Story, Op: store.OpPriority, ItemID: it.ID, To: it.PriorityLabel, WorkspaceID: 10022001}})
	}
	cmd, _ := r.g.Update(flushedMsg{results: results})
	badges := strings.Join(r.g.Badges(), " · ")
	r.run(cmd)
	if said := r.said(); !strings.Contains(said, "sent 3 waiting edits") || strings.Contains(badges, "waiting") {
		t.Errorf("after the flush the badges say %q while the status says %q", badges, said)
	}
}

// TestCountdownSaysWhy: while the sender rests, the badges say why, with
// the seconds to the next try.
func TestCountdownSaysWhy(t *testing.T) {
	r := newRig(t)
	now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	r.g.Now = func() time.Time { return now }
	r.g.flushGen = 3
	r.g.Update(scheduleMsg{gen: 3, waiting: 8, rest: rest{until: now.Add(14500 * time.Millisecond), why: store.RestReason(fmt.Errorf("x: %w", &api.Error{Kind: api.ErrRateLimited}))}})
	if got := strings.Join(r.g.Badges(), " · "); got != "8 edits waiting · the service asked to wait, next try in 15s" {
		t.Errorf("the badges say %q", got)
	}
	r.g.Update(scheduleMsg{gen: 3, waiting: 2, rest: rest{until: now.Add(3 * time.Second), why: store.RestReason(&api.Error{Kind: api.ErrNetwork})}})
	if got := strings.Join(r.g.Badges(), " · "); got != "2 edits waiting · the service cannot be reached, next try in 3s" {
		t.Errorf("the badges say %q", got)
	}
}
