package engine

import (
	"encoding/json"
	"strings"
	"testing"

	"triage/api"
)

// TestOfflineCheckFollowsTheStoryType: in a workspace of two story types,
// a story of the second is checked against its type's steps once known
// (cached or read), and not against the default workflow before: the
// service decides then.
func TestOfflineCheckFollowsTheStoryType(t *testing.T) {
	r := newRig(t)
	it := r.story(1)
	it.Status = "planning"
	raw, _ := json.Marshal("1110022001000000002")
	it.Extra = map[string]json.RawMessage{"workitem_type_id": raw}
	order := []string{"planning", "developing", "resolved", "rejected"}
	r.g.KnowMoves(api.Story, []api.Transition{{From: "planning", To: "developing"}, {From: "planning", To: "rejected"}})
	if err := r.g.CheckMove(api.Story, it, "resolved", order); err == nil {
		t.Fatal("with one story type known, the default workflow's refusal is not given")
	}
	r.g.ref.storyTypes, r.g.ref.typesListed = []string{"1110022001000000001", "1110022001000000002"}, true
	if err := r.g.CheckMove(api.Story, it, "resolved", order); err != nil {
		t.Errorf("its type's steps unknown, the default workflow refused the move: %v", err)
	}
	r.g.ref.moves[api.Story] = append(r.g.ref.moves[api.Story],
		api.Transition{From: "planning", To: "resolved", TypeID: "1110022001000000002"},
		api.Transition{From: "planning", To: "rejected", TypeID: "1110022001000000002"})
	if err := r.g.CheckMove(api.Story, it, "resolved", order); err != nil {
		t.Errorf("planning → resolved along its type: %v", err)
	}
	err := r.g.CheckMove(api.Story, it, "developing", order)
	if err == nil || !strings.Contains(err.Error(), "it can go to: resolved, rejected") {
		t.Errorf("planning → developing along its type: %v, want a refusal naming its type's steps", err)
	}
}
