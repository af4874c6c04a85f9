package engine

import (
	"testing"

	"triage/api"
	"triage/store"
)

// TestTheEnginesFieldsAreTheStoresList: every field the views name is an
// entry of store.Fields, written by that entry's operation and named as it
// names it; a change to a field shows its value as the list reads it.
func TestTheEnginesFieldsAreTheStoresList(t *testing.T) {
	it := api.Item{Kind: api.Bug, IterationID: "0", Severity: "serious", Owner: "alice;"}
	for _, f := range []Field{Priority, Title, Status, Owner, Iteration, Severity, Description} {
		spec, ok := store.FieldByKey(string(f))
		if !ok {
			t.Errorf("%s is not in store.Fields", f)
			continue
		}
		if f.op() != spec.Op || fieldOf(spec.Op) != f || f.Name() != spec.Name || f.Value(it) != spec.Value(it) {
			t.Errorf("%s: op %s name %q value %q; the list says %s %q %q", f, f.op(), f.Name(), f.Value(it), spec.Op, spec.Name, spec.Value(it))
		}
	}
	if got := Iteration.Value(it); got != "" {
		t.Errorf("no iteration reads %q, want \"\"", got)
	}
	if got := ValueName(nil, nil, Owner, "alice;bob;"); got != "alice, bob" {
		t.Errorf("owners are named %q", got)
	}
}
