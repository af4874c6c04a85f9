package store_test

import (
	"testing"

	"triage/api"
	"triage/store"
)

// TestCustomFieldEditTakesThePathOfAPriorityEdit: a custom select edit is
// read before the write and sent when the service still has what the user
// saw; when someone else changed the field meanwhile it is a conflict naming
// their value, and nothing is written; a member field's nicks are compared
// as a set.
func TestCustomFieldEditTakesThePathOfAPriorityEdit(t *testing.T) {
	rig := newFieldsRig(t)
	op := store.CustomOp("custom_field_one")
	if f, ok := store.FieldOf(op); !ok || f.Key != "custom_field_one" || !op.ChangesField() {
		t.Fatalf("FieldOf(%s) = %+v, %v", op, f, ok)
	}
	story := rig.item(t, api.Story, "planning", func(it api.Item) bool { v, _ := it.Get("custom_field_one"); return v == "Acme" })
	if res := rig.send(t, story, op, "Acme", "Globex", nil); res.Outcome != store.OutcomeSent {
		t.Fatalf("Acme → Globex: %s %v", res.Outcome, res.Err)
	}
	now := rig.get(t, api.Story, story.ID)
	if got, _ := now.Get("custom_field_one"); got != "Globex" {
		t.Fatalf("the service has %q, want Globex", got)
	}
	// The user still sees Acme: their edit meets Globex on the read.
	res := rig.send(t, story, op, "Acme", "Hooli", nil)
	if res.Outcome != store.OutcomeConflict || res.Edit.Theirs != "Globex" {
		t.Errorf("an edit from a value the service no longer has: %s, theirs %q; want a conflict naming Globex", res.Outcome, res.Edit.Theirs)
	}
	now = rig.get(t, api.Story, story.ID)
	if got, _ := now.Get("custom_field_one"); got != "Globex" {
		t.Errorf("after the conflict the service has %q, want Globex untouched", got)
	}
	if _, err := rig.outbox.TakeTheirs(res.Edit.Seq); err != nil {
		t.Fatal(err)
	}
	member := store.CustomOp("custom_field_four")
	owner, _ := now.Get("custom_field_four")
	if res := rig.send(t, now, member, owner, "alice;bob", nil); res.Outcome != store.OutcomeSent {
		t.Fatalf("set the product owner: %s %v", res.Outcome, res.Err)
	}
	seen := rig.get(t, api.Story, story.ID)
	if got, _ := seen.Get("custom_field_four"); got != "alice;bob;" {
		t.Fatalf("product owner %q, want alice;bob;", got)
	}
	if res := rig.send(t, seen, member, "bob;alice;", "alice;bob;", nil); res.Outcome != store.OutcomeApplied {
		t.Errorf("the same nicks in another order: %s, want applied without a write", res.Outcome)
	}
}
