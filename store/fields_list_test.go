package store

import (
	"testing"

	"triage/api"
)

// TestEveryFieldSaysAllOfItself: each editable field in the list has its
// names once, a wire field in every kind that has it, a value that reads
// back what Set put, the same value compared equal to itself, and a write
// that sends it under its wire field (a title under "title", which the
// client renames per kind).
func TestEveryFieldSaysAllOfItself(t *testing.T) {
	seen := map[string]EditOp{}
	values := map[EditOp]string{OpPriority: "High", OpTitle: "Export", OpStatus: "developing", OpOwner: "alice;bob;",
		OpIteration: "1010022001000000006", OpSeverity: "serious", OpDescription: "<p>why</p>"}
	for _, f := range Fields() {
		for _, name := range []string{"op " + string(f.Op), "name " + f.Name, "key " + f.Key, "label " + f.Label} {
			if prev, twice := seen[name]; twice {
				t.Errorf("%s is %s's and %s's", name, prev, f.Op)
			}
			seen[name] = f.Op
		}
		if f.Wire == nil || f.Value == nil || f.Set == nil || f.Same == nil || f.Send == nil || f.Name == "" || f.Label == "" {
			t.Errorf("%s lacks a part: %+v", f.Op, f)
			continue
		}
		v, ok := values[f.Op]
		if !ok {
			t.Errorf("%s: give the test a value of it", f.Op)
			continue
		}
		for _, k := range []api.Kind{api.Story, api.Bug, api.Task} {
			if !f.Has(k) {
				continue
			}
			it := api.Item{Kind: k}
			f.Set(&it, v)
			if got := f.Value(it); !f.Same(got, v) {
				t.Errorf("%s on a %s: set %q, reads %q", f.Op, k, v, got)
			}
			name, sent := f.Send(k, v)
			if want := f.Wire(k); name != want && !(f.Op == OpTitle && name == "title") {
				t.Errorf("%s on a %s is sent as %q, its wire field is %q", f.Op, k, name, want)
			}
			if !f.Same(sent, v) {
				t.Errorf("%s on a %s sends %q for %q", f.Op, k, sent, v)
			}
			if got, ok := FieldOf(f.Op); !ok || got.Key != f.Key {
				t.Errorf("FieldOf(%s) = %q, %v", f.Op, got.Key, ok)
			}
			if got, ok := FieldByKey(f.Key); !ok || got.Op != f.Op {
				t.Errorf("FieldByKey(%s) = %s, %v", f.Key, got.Op, ok)
			}
		}
	}
	if _, ok := FieldOf(OpComment); ok {
		t.Errorf("a comment writes no field, yet FieldOf finds one")
	}
}
