package engine

import (
	"strings"
	"testing"

	"triage/api"
)

// TestOfflineMoveCheckedAgainstCachedWorkflow: with the workflow known only
// from the cache (the service unreachable), a move it does not allow is
// refused before it is queued, naming the statuses allowed; a move it
// allows passes; and an unknown workflow lets the service decide.
func TestOfflineMoveCheckedAgainstCachedWorkflow(t *testing.T) {
	r := newRig(t)
	it := r.story(1)
	it.Status = "planning"
	order := []string{"planning", "developing", "resolved", "rejected"}
	if err := r.g.CheckMove(api.Story, it, "resolved", order); err != nil {
		t.Fatalf("no workflow known yet, yet the move is refused: %v", err)
	}
	r.g.KnowMoves(api.Story, []api.Transition{
		{From: "planning", To: "rejected"}, {From: "planning", To: "developing"}, {From: "developing", To: "resolved"},
	})
	err := r.g.CheckMove(api.Story, it, "resolved", order)
	if err == nil || !strings.Contains(err.Error(), "it can go to: developing, rejected") {
		t.Fatalf("planning → resolved: %v, want a refusal naming developing, rejected in workflow order", err)
	}
	if err := r.g.CheckMove(api.Story, it, "developing", order); err != nil {
		t.Errorf("planning → developing refused: %v", err)
	}
	if r.g.Waiting() != 0 {
		t.Error("a checked move was queued")
	}
}
