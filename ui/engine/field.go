package engine

import (
	"triage/api"
	"triage/store"
)

// Field names a field an edit writes, by its key in store.Fields (the list
// of editable fields). Every field that can be edited takes the same path;
// the outbox knows each by its operation.
type Field string

// The fields an edit writes that the views name; store.Fields lists them all.
const (
	Priority  Field = "priority_label"
	Title     Field = "title"
	Status    Field = "status"       // the status code
	Owner     Field = "owner"        // TAPD's "a;b;" list: owner, current_owner of bugs
	Iteration Field = "iteration_id" // an iteration id, "" for none
	Severity  Field = "severity"     // bugs
	// Description is the item's description, HTML.
	Description Field = "description"
)

// Spec is the field's entry in store.Fields, which says all of it: its
// operation, name, wire field, how it is shown, compared, sent and picked.
func (f Field) Spec() store.Field {
	spec, _ := store.FieldByKey(string(f))
	return spec
}

// op is the outbox's operation that writes the field.
func (f Field) op() store.EditOp {
	if spec, ok := store.FieldByKey(string(f)); ok {
		return spec.Op
	}
	return store.OpPriority
}

// fieldOf is the field an outbox operation writes.
func fieldOf(op store.EditOp) Field {
	if spec, ok := store.FieldOf(op); ok {
		return Field(spec.Key)
	}
	return Priority
}

// Name is how a message names the field: "priority", "status", "owner".
func (f Field) Name() string {
	if spec, ok := store.FieldByKey(string(f)); ok {
		return spec.Name
	}
	return string(f)
}

// Value is the field's value on an item as shown: its display priority,
// its title, status code, owners, iteration ("" for none) or severity.
func (f Field) Value(it api.Item) string {
	if spec, ok := store.FieldByKey(string(f)); ok {
		return spec.Value(it)
	}
	return it.DisplayPriority()
}

// set writes the field's value on an item.
func (f Field) set(it *api.Item, v string) {
	spec, ok := store.FieldByKey(string(f))
	if !ok {
		spec, _ = store.FieldOf(store.OpPriority)
	}
	spec.Set(it, v)
}

// Change is one field of one item the user changes: the item as they saw
// it, the field, and the new value. Extra are the fields a status's
// transition requires, written with it.
type Change struct {
	Item  api.Item
	Field Field
	To    string
	Extra map[string]string
}
