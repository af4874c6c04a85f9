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

// Field is one field an edit writes, with all that the outbox, the engine,
// the views and the command line need of it, in one place. Adding an
// editable field is adding it here (and to api.Item, which holds it).
type Field struct {
	Op    EditOp // the outbox's operation that writes it
	Name  string // how messages, the history and `triage set` name it: "priority"
	Label string // how a form and a picker's title name it: "Priority", "Owners"
	// Key is the field information's name of it (its options), and the
	// engine's name of the field: "priority_label", "iteration_id".
	Key  string
	Bugs bool // only bugs have it
	// Other: besides the title, the priority and the description, a field the
	// editor offers after them and whose change names it ("status a → b").
	Other bool
	// Empty is the problem with an empty value, when it must have one
	// ("an empty title"); "": empty clears it.
	Empty string
	// Wire is the field of an item of kind k that holds it on the service.
	Wire func(k api.Kind) string
	// Value is its value on an item, as compared and shown: a display
	// priority, owners "a;b;", an iteration "" for none.
	Value func(api.Item) string
	// Set puts a value on an item, as the service would answer it.
	Set func(it *api.Item, v string)
	// Same reports whether two values are the same (owners as a set).
	Same func(a, b string) bool
	// Send is the field and value the write sends for a change to to.
	Send  func(k api.Kind, to string) (string, string)
	Shown Shown  // how a value is named on screen and in `triage log`
	Pick  Picker // how the user chooses a value
}

// Shown is how a value of a field is named.
type Shown int

const (
	ShownPriority  Shown = iota // its priority option's label
	ShownText                   // as it is (a title)
	ShownLength                 // by its length (a description)
	ShownOwners                 // "alice, bob"
	ShownIteration              // its iteration's name
	ShownOption                 // its option's label (a status by its name)
)

// Picker is how the user chooses a value of a field.
type Picker int

const (
	PickPriority  Picker = iota // among the priority options, with digit keys
	PickTyped                   // typed (a title; a description in the user's editor)
	PickStatus                  // a workflow's next status, then what its transition asks
	PickOwners                  // members ticked until done
	PickIteration               // an iteration, or none
	PickOption                  // one of the field information's options
)

// Fields are the fields an edit writes, in the order a card's changes are
// listed.
func Fields() [len(fields)]Field { return fields }

// wire is a Field.Wire of a field named name in every kind.
func wire(name string) func(api.Kind) string { return func(api.Kind) string { return name } }

// send is a Field.Send of a field sent as it is, as name.
func send(name string) func(api.Kind, string) (string, string) {
	return func(_ api.Kind, to string) (string, string) { return name, to }
}

// fields is the list Fields gives, built once: it is looked at for every
// item drawn and every edit sent. Nothing changes it.
var fields = [...]Field{
	{Op: OpPriority, Label: "Priority", Name: "priority", Key: "priority_label", Wire: wire("priority_label"),
		Value: func(it api.Item) string { return it.DisplayPriority() }, Set: setPriority, Same: sameText, Send: send("priority_label"),
		Shown: ShownPriority, Pick: PickPriority},
	{Op: OpTitle, Label: "Title", Name: "title", Key: "title", Empty: "an empty title", Wire: api.Kind.TitleField,
		Value: func(it api.Item) string { return it.Title }, Set: func(it *api.Item, v string) { it.Title = v },
		Same: sameText, Send: send("title"), // the client sends it as the kind's title field
		Shown: ShownText, Pick: PickTyped},
	{Op: OpStatus, Label: "Status", Name: "status", Key: "status", Other: true, Empty: "no status", Wire: wire("status"),
		Value: func(it api.Item) string { return it.Status }, Set: func(it *api.Item, v string) { it.Status = v },
		Same: sameText, Send: send("status"), Shown: ShownOption, Pick: PickStatus},
	{Op: OpOwner, Label: "Owners", Name: "owner", Key: "owner", Other: true, Wire: api.Kind.OwnerField,
		Value: func(it api.Item) string { return it.Owner }, Set: func(it *api.Item, v string) { it.Owner = JoinOwners(Owners(v)) },
		Same: sameOwners, Send: func(k api.Kind, to string) (string, string) { return k.OwnerField(), JoinOwners(Owners(to)) },
		Shown: ShownOwners, Pick: PickOwners},
	{Op: OpIteration, Label: "Iteration", Name: "iteration", Key: "iteration_id", Other: true, Wire: wire("iteration_id"),
		Value: func(it api.Item) string { return NoIteration(it.IterationID) }, Set: func(it *api.Item, v string) { it.IterationID = iterationID(v) },
		Same:  func(a, b string) bool { return NoIteration(a) == NoIteration(b) },
		Send:  func(_ api.Kind, to string) (string, string) { return "iteration_id", iterationID(to) },
		Shown: ShownIteration, Pick: PickIteration},
	{Op: OpSeverity, Label: "Severity", Name: "severity", Key: "severity", Bugs: true, Other: true, Wire: wire("severity"),
		Value: func(it api.Item) string { return it.Severity }, Set: func(it *api.Item, v string) { it.Severity = v },
		Same: sameText, Send: send("severity"), Shown: ShownOption, Pick: PickOption},
	{Op: OpDescription, Label: "Description", Name: "description", Key: "description", Wire: wire("description"),
		Value: func(it api.Item) string { return it.Description }, Set: func(it *api.Item, v string) { it.Description = v },
		Same: sameText, Send: send("description"), Shown: ShownLength, Pick: PickTyped},
}

// FieldOf is the field an operation writes, a custom field's too
// (customfield.go); false for a comment or a create, which write none.
func FieldOf(op EditOp) (Field, bool) {
	for _, f := range &fields {
		if f.Op == op {
			return f, true
		}
	}
	return customOf(op)
}

// FieldByKey is the field the engine and the field information call key
// ("priority_label", "status", a custom field's "custom_field_one").
func FieldByKey(key string) (Field, bool) {
	for _, f := range &fields {
		if f.Key == key {
			return f, true
		}
	}
	if IsCustomKey(key) {
		return CustomField(key), true
	}
	return Field{}, false
}

// Has reports whether items of kind k have the field.
func (f Field) Has(k api.Kind) bool { return !f.Bugs || k == api.Bug }

// ChangesField reports whether the op changes one field of an item: it is
// checked against the item before the write.
func (op EditOp) ChangesField() bool {
	_, ok := FieldOf(op)
	return ok
}

// WireField is the field of an item of kind k the op writes.
func (op EditOp) WireField(k api.Kind) string {
	if f, ok := FieldOf(op); ok {
		return f.Wire(k)
	}
	return ""
}

// fieldValue is the value on it of the field op writes, in the form edits
// are compared in.
func fieldValue(op EditOp, it api.Item) string {
	if f, ok := FieldOf(op); ok {
		return f.Value(it)
	}
	return ""
}

// currentValue is the value on the service of the field the edit changes.
func currentValue(e Edit, it api.Item) string { return normalized(fieldValue(e.Op, it)) }

// normalized is a value as compared: without surrounding space.
func normalized(s string) string { return strings.TrimSpace(s) }

// sameValue reports whether two values of the field op writes are the same:
// owners as a set of nicks, an iteration "0" as none, others as text.
func sameValue(op EditOp, a, b string) bool {
	if f, ok := FieldOf(op); ok {
		return f.Same(a, b)
	}
	return sameText(a, b)
}

func sameText(a, b string) bool { return normalized(a) == normalized(b) }

func sameOwners(a, b string) bool {
	x, y := Owners(a), Owners(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// setPriority puts a priority label on an item; cleared, the legacy value
// goes too.
func setPriority(it *api.Item, v string) {
	it.PriorityLabel = v
	if v == "" {
		it.Priority = ""
	}
}

// iterationID is an iteration as TAPD takes it: "0" for none.
func iterationID(v string) string {
	if v = NoIteration(v); v == "" {
		return "0"
	}
	return v
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
	f, _ := FieldOf(e.Op)
	key, to := f.Send(e.Kind, e.To)
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
