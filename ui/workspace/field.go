package workspace

import (
	"triage/api"
	"triage/store"
)

// Field names a field an edit writes, as TAPD names it. Every field that
// can be edited takes the same path: the card shows the new value at once,
// the outbox holds the edit, and the conflict check compares this field.
type Field string

// The fields of an item an edit can write. The outbox writes the priority
// and the title today; an edit of another field is refused when it is
// queued (the outbox does not know its operation) until it learns to.
const (
	Priority  Field = "priority_label"
	Title     Field = "title"
	Status    Field = "status"
	Owner     Field = "owner" // current_owner of bugs
	Iteration Field = "iteration_id"
	Severity  Field = "severity"
)

// op is the outbox's operation that writes the field.
func (f Field) op() store.EditOp {
	switch f {
	case Priority:
		return store.OpPriority
	case Title:
		return store.OpTitle
	}
	return store.EditOp(f)
}

// fieldOf is the field an outbox operation writes.
func fieldOf(op store.EditOp) Field {
	switch op {
	case store.OpPriority:
		return Priority
	case store.OpTitle:
		return Title
	}
	return Field(op)
}

// Value is the field's value on an item as shown (a priority as displayed:
// its label, else its legacy value).
func (f Field) Value(it api.Item) string {
	if f == Priority {
		return it.DisplayPriority()
	}
	if p := f.of(&it); p != nil {
		return *p
	}
	return ""
}

// set writes the field's value on an item.
func (f Field) set(it *api.Item, v string) {
	if p := f.of(it); p != nil {
		*p = v
	}
	if f == Priority && v == "" {
		it.Priority = "" // cleared: the legacy value goes too
	}
}

// of is where an item holds the field; nil for a field it does not hold.
func (f Field) of(it *api.Item) *string {
	switch f {
	case Priority:
		return &it.PriorityLabel
	case Title:
		return &it.Title
	case Status:
		return &it.Status
	case Owner:
		return &it.Owner
	case Iteration:
		return &it.IterationID
	case Severity:
		return &it.Severity
	}
	return nil
}

// Change is one field of one item the user changes: the item as they saw
// it, the field, and the new value.
type Change struct {
	Item  api.Item
	Field Field
	To    string
}
