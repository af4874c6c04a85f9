package set

import (
	"encoding/json"
	"strings"
	"testing"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
)

// TestSetLinesShowLabels: set's lines name values as the board shows them
// (a priority's label, a status's name, owners as "a, b", an iteration's
// name), while its JSON keeps the codes.
func TestSetLinesShowLabels(t *testing.T) {
	fi := api.FieldInfo{"status": api.Field{Options: api.Options{Pairs: []api.Option{{Value: "new", Label: "New"}, {Value: "in_progress", Label: "In progress"}}}}}
	names := itemref.Names{Kind: api.Bug, Fields: fi, Priorities: []api.PriorityOption{{Value: "Middle", Label: "中"}, {Value: "High", Label: "高"}}}
	base := setPlan{ref: itemref.Ref{Text: "bug/6"}, item: api.Item{Kind: api.Bug, ID: "1110022001000000006"}, names: names,
		iterations: []api.Iteration{{ID: "1110022001000000002", Name: "Sprint 2"}}}
	tests := []struct {
		op           store.EditOp
		seen, to     string
		line, asJSON string
	}{
		{store.OpOwner, "alice;", "demo;bob;", "✓ bug/6 (bug 1110022001000000006) owner alice → demo, bob", `"from":"alice;","to":"demo;bob;"`},
		{store.OpStatus, "new", "in_progress", "✓ bug/6 (bug 1110022001000000006) status New → In progress", `"from":"new","to":"in_progress"`},
		{store.OpPriority, "Middle", "High", "✓ bug/6 (bug 1110022001000000006) priority 中 → 高", `"from":"Middle","to":"High"`},
		{store.OpPriority, "", "High", "✓ bug/6 (bug 1110022001000000006) priority none → 高", `"to":"High"`},
		{store.OpIteration, "0", "1110022001000000002", "✓ bug/6 (bug 1110022001000000006) iteration none → Sprint 2", `"to":"1110022001000000002"`},
		{store.OpTitle, "Old", "New", `✓ bug/6 (bug 1110022001000000006) title "Old" → "New"`, `"from":"Old","to":"New"`},
	}
	for _, tt := range tests {
		p := base
		p.op, p.seen, p.to = tt.op, tt.seen, tt.to
		res := p.result(ResultApplied, itemref.Reason{})
		if got := res.line(); got != tt.line {
			t.Errorf("%s line:\n got %s\nwant %s", tt.op, got, tt.line)
		}
		b, _ := json.Marshal(res)
		if !strings.Contains(string(b), tt.asJSON) {
			t.Errorf("%s JSON %s, want %s", tt.op, b, tt.asJSON)
		}
	}
	p := base
	p.op, p.seen, p.to = store.OpStatus, "new", "in_progress"
	if got, want := p.withTheirs(p.result(ResultConflict, itemref.Reason{}), "in_progress").line(),
		"✗ bug/6 (bug 1110022001000000006) conflict: its status is In progress now, not New as seen; nothing written"; got != want {
		t.Errorf("conflict:\n got %s\nwant %s", got, want)
	}
}
