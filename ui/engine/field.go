package engine

import (
	"triage/api"
	"triage/store"
)

// Field names a field an edit writes. Every field that can be edited takes
// the same path; the outbox knows each by its operation.
type Field string

// The fields an edit writes.
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

// fieldOp pairs a field with the outbox's operation that writes it.
type fieldOp struct {
	f  Field
	op store.EditOp
}

// fieldOps are the fields an edit writes, in the order a card's changes
// are listed.
func fieldOps() [7]fieldOp {
	return [...]fieldOp{
		{Priority, store.OpPriority}, {Title, store.OpTitle}, {Status, store.OpStatus},
		{Owner, store.OpOwner}, {Iteration, store.OpIteration}, {Severity, store.OpSeverity},
		{Description, store.OpDescription},
	}
}

// op is the outbox's operation that writes the field.
func (f Field) op() store.EditOp {
	for _, fo := range fieldOps() {
		if fo.f == f {
			return fo.op
		}
	}
	return store.OpPriority
}

// fieldOf is the field an outbox operation writes.
func fieldOf(op store.EditOp) Field {
	for _, fo := range fieldOps() {
		if fo.op == op {
			return fo.f
		}
	}
	return Priority
}

// Name is how a message names the field: "priority", "status", "owner".
func (f Field) Name() string {
	switch f {
	case Priority:
		return "priority"
	case Iteration:
		return "iteration"
	}
	return string(f)
}

// Value is the field's value on an item as shown: its display priority,
// its title, status code, owners, iteration ("" for none) or severity.
func (f Field) Value(it api.Item) string {
	switch f {
	case Title:
		return it.Title
	case Status:
		return it.Status
	case Owner:
		return it.Owner
	case Iteration:
		return store.NoIteration(it.IterationID)
	case Severity:
		return it.Severity
	case Description:
		return it.Description
	}
	return it.DisplayPriority()
}

// set writes the field's value on an item.
func (f Field) set(it *api.Item, v string) {
	switch f {
	case Title:
		it.Title = v
	case Status:
		it.Status = v
	case Owner:
		it.Owner = store.JoinOwners(store.Owners(v))
	case Iteration:
		if v = store.NoIteration(v); v == "" {
			v = "0"
		}
		it.IterationID = v
	case Severity:
		it.Severity = v
	case Description:
		it.Description = v
	default:
		it.PriorityLabel = v
		if v == "" {
			it.Priority = "" // cleared: the legacy value goes too
		}
	}
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
