package engine

import (
	"testing"

	"triage/api"
)

// TestEditsRecordTheirStep: the edits of one action reach the outbox with
// one step number, the next action's with another, and an undo's with a
// third, so the U view of a later session lists each action as one row.
func TestEditsRecordTheirStep(t *testing.T) {
	r := newRig(t)
	_, cmd := r.g.ApplyBulk(api.Story, "",
		Change{Item: r.story(1), Field: Priority, To: "Low"},
		Change{Item: r.story(2), Field: Priority, To: "Low"})
	r.run(cmd)
	_, cmd = r.g.Apply(api.Story, Change{Item: r.story(3), Field: Title, To: "Renamed"})
	r.run(cmd)
	r.run(r.g.Undo())
	edits, err := r.g.ctx.Edits.History(r.g.ctx.Session)
	if err != nil {
		t.Fatal(err)
	}
	steps := make(map[uint64][]string)
	for _, e := range edits {
		if e.Step == 0 {
			t.Errorf("edit %d of %s records no step", e.Seq, e.ItemID)
		}
		steps[e.Step] = append(steps[e.Step], api.ShortID(e.ItemID))
	}
	if len(edits) != 4 || len(steps) != 3 {
		t.Fatalf("%d edits in steps %v, want the bulk's 2, the rename and its undo in 3 steps", len(edits), steps)
	}
	for step, items := range steps {
		if len(items) == 2 {
			continue
		}
		if len(items) != 1 || items[0] != "3" {
			t.Errorf("step %d holds %v", step, items)
		}
	}
}
