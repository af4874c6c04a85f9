package fieldflow

import (
	"testing"

	"triage/api"
	"triage/ui/components/picker"
	"triage/ui/internal/uitest"
)

// TestStatusFlowAsksForTheRequiredFields: choosing a status whose move
// requires fields asks for each in turn, then gives the status with their
// values; one requiring none is the answer at once.
func TestStatusFlowAsksForTheRequiredFields(t *testing.T) {
	ctx := uitest.Context(nil, uitest.Theme{Dark: true}, 80, 24)
	require := func(to string) []string {
		if to == "rejected" {
			return []string{"resolution", "reason"}
		}
		return nil
	}
	ask := func(to, name string) (string, []picker.Item) { return to + ": " + name, RequiredChoices(nil, name) }
	f := StatusFlow(ctx, "Move #1", []StatusTarget{{Code: "rejected", Label: "Rejected"}}, require, ask)
	if _, _, done := f.Choose("rejected"); done || f.Model.Title() != "rejected: resolution" {
		t.Fatalf("after the status: done %v, asking %q", done, f.Model.Title())
	}
	if _, _, done := f.Choose("fixed"); done || f.Model.Title() != "rejected: reason" {
		t.Fatalf("after the resolution: done %v, asking %q", done, f.Model.Title())
	}
	to, extra, done := f.Choose("-")
	if !done || to != "rejected" || extra["resolution"] != "fixed" || extra["reason"] != "-" {
		t.Errorf("answer %q %v (done %v)", to, extra, done)
	}
	g := StatusFlow(ctx, "Move #1", nil, require, ask)
	if to, _, done := g.Choose("developing"); !done || to != "developing" {
		t.Errorf("a move requiring nothing: %q (done %v)", to, done)
	}
}

// TestOwnerFlowTogglesUntilDone: enter adds or removes an owner, done gives
// them as TAPD's list.
func TestOwnerFlowTogglesUntilDone(t *testing.T) {
	ctx := uitest.Context(nil, uitest.Theme{Dark: true}, 80, 24)
	f := OwnerFlow(ctx, "Owners of #1", []api.Member{{Nick: "alice"}, {Nick: "bob"}}, []string{"demo"})
	for _, v := range []string{"alice", "demo", "bob"} {
		if _, _, done := f.Choose(v); done {
			t.Fatalf("%s ended the flow", v)
		}
	}
	if sel, _ := f.Model.Selected(); sel.Value != "bob" {
		t.Errorf("the cursor is on %q, want the owner just toggled", sel.Value)
	}
	if owners, _, done := f.Choose(DoneValue); !done || owners != "alice;bob;" {
		t.Errorf("done gives %q (done %v), want alice;bob;", owners, done)
	}
}
