package store

import (
	"slices"
	"strings"

	"triage/api"
)

// The fields an edit writes besides the priority and the title, and the
// comments it appends. Each field edit takes the path of a priority edit:
// read the item, compare the field with what the user saw, write only when
// they agree. A comment is an append: nothing to compare, looked for on the
// service before it is sent again (comment.go).
const (
	OpStatus    EditOp = "status"    // From and To are status codes; Fields the transition's required fields
	OpOwner     EditOp = "owner"     // From and To are nick lists as TAPD writes them ("a;b;"): owner, current_owner of bugs
	OpIteration EditOp = "iteration" // From and To are iteration ids; "" (or "0") is none
	OpSeverity  EditOp = "severity"  // bugs: From and To are severity values
	// OpDescription: From and To are descriptions (HTML); "" clears it.
	OpDescription EditOp = "description"
	OpComment     EditOp = "comment" // To is the comment (HTML); no From
)

// ChangesField reports whether the op changes one field of an item: it is
// checked against the item before the write.
func (op EditOp) ChangesField() bool {
	switch op {
	case OpPriority, OpTitle, OpStatus, OpOwner, OpIteration, OpSeverity, OpDescription:
		return true
	}
	return false
}

// WireField is the field of an item of kind k the op writes.
func (op EditOp) WireField(k api.Kind) string {
	switch op {
	case OpPriority:
		return "priority_label"
	case OpTitle:
		return k.TitleField()
	case OpStatus:
		return "status"
	case OpOwner:
		return k.OwnerField()
	case OpIteration:
		return "iteration_id"
	case OpSeverity:
		return "severity"
	case OpDescription:
		return "description"
	}
	return ""
}

// fieldValue is the value on it of the field op writes, in the form edits
// are compared in.
func fieldValue(op EditOp, it api.Item) string {
	switch op {
	case OpPriority:
		return it.DisplayPriority()
	case OpTitle:
		return it.Title
	case OpStatus:
		return it.Status
	case OpOwner:
		return it.Owner
	case OpIteration:
		return it.IterationID
	case OpSeverity:
		return it.Severity
	case OpDescription:
		return it.Description
	}
	return ""
}

// sameValue reports whether two values of the field op writes are the same:
// owners as a set of nicks, an iteration "0" as none, others as text.
func sameValue(op EditOp, a, b string) bool {
	switch op {
	case OpOwner:
		x, y := Owners(a), Owners(b)
		slices.Sort(x)
		slices.Sort(y)
		return slices.Equal(x, y)
	case OpIteration:
		return NoIteration(a) == NoIteration(b)
	}
	return normalized(a) == normalized(b)
}

// NoIteration is an iteration id with none written as "".
func NoIteration(id string) string {
	if id = strings.TrimSpace(id); id == "0" {
		return ""
	}
	return id
}

// Owners splits TAPD's list of nicks ("a;b;", also "a; b" or "a,b") into
// nicks, each once, in order.
func Owners(list string) []string {
	var out []string
	for nick := range strings.FieldsFuncSeq(list, func(r rune) bool { return r == ';' || r == ',' }) {
		if nick = strings.TrimSpace(nick); nick != "" && !slices.Contains(out, nick) {
			out = append(out, nick)
		}
	}
	return out
}

// JoinOwners writes nicks as TAPD takes them: "a;b;"; none is "".
func JoinOwners(nicks []string) string {
	var b strings.Builder
	for _, n := range nicks {
		if n = strings.TrimSpace(n); n != "" {
			b.WriteString(n)
			b.WriteByte(';')
		}
	}
	return b.String()
}

// writeFields is the form of a field edit's write: the field (as TAPD takes
// it: a status by its code, an iteration "0" for none, owners as "a;b;"),
// and for a status the fields its transition requires.
func writeFields(e Edit) map[string]string {
	to := e.To
	switch e.Op {
	case OpIteration:
		if to = NoIteration(to); to == "" {
			to = "0"
		}
	case OpOwner:
		to = JoinOwners(Owners(to))
	}
	key := e.Op.WireField(e.Kind)
	if e.Op == OpTitle {
		key = "title" // the client sends it as the kind's title field
	}
	out := map[string]string{key: to}
	if e.Op == OpStatus {
		for k, v := range e.Fields {
			if _, set := out[k]; !set {
				out[k] = v
			}
		}
	}
	return out
}

// currentValue is the value on the service of the field the edit changes.
func currentValue(e Edit, it api.Item) string { return normalized(fieldValue(e.Op, it)) }

// normalized is a value as compared: without surrounding space.
func normalized(s string) string { return strings.TrimSpace(s) }
