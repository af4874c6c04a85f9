package workspace

import (
	"triage/api"
	"triage/store"
)

// Field names a field an edit writes. Every field that can be edited takes
// the same path; the outbox knows each by its operation.
type Field string

// The fields an edit writes today. Status, owners, iteration and severity
// join them as the outbox learns to write them.
const (
	Priority Field = "priority_label"
	Title    Field = "title"
)

// op is the outbox's operation that writes the field.
func (f Field) op() store.EditOp {
	if f == Title {
		return store.OpTitle
	}
	return store.OpPriority
}

// fieldOf is the field an outbox operation writes.
func fieldOf(op store.EditOp) Field {
	if op == store.OpTitle {
		return Title
	}
	return Priority
}

// Value is the field's value on an item as shown: its display priority, or
// its title.
func (f Field) Value(it api.Item) string {
	if f == Title {
		return it.Title
	}
	return it.DisplayPriority()
}

// set writes the field's value on an item.
func (f Field) set(it *api.Item, v string) {
	if f == Title {
		it.Title = v
		return
	}
	it.PriorityLabel = v
	if v == "" {
		it.Priority = "" // cleared: the legacy value goes too
	}
}

// Change is one field of one item the user changes: the item as they saw
// it, the field, and the new value.
type Change struct {
	Item  api.Item
	Field Field
	To    string
}
