package store

import (
	"strings"

	"triage/api"
)

// A workspace's custom fields (custom_field_one, custom_field_9 …) are
// edited as every field of Fields is: their edit is an EditOp of its own per
// field ("custom:custom_field_one"), read before the write and compared with
// what the user saw. Which ones an item has, their names and types are the
// workspace's settings (api.CustomFields); the store needs only the wire
// name, so an edit in the outbox is sent the same after a restart.

// ShownCustom is how a custom field's value is named: its option's label,
// nicks "a, b", else as it is. PickCustom: the views choose by its type.
const (
	ShownCustom Shown  = ShownOption + 1
	PickCustom  Picker = PickOption + 1
)

// customOpPrefix begins the operation of a custom field edit.
const customOpPrefix = "custom:"

// IsCustomKey reports whether a field's wire name is a custom field's:
// TAPD names them custom_field_one … custom_field_eight, then custom_field_9 ….
func IsCustomKey(key string) bool {
	return strings.HasPrefix(key, "custom_field_") && len(key) > len("custom_field_")
}

// CustomOp is the operation of an edit of the custom field named wire.
func CustomOp(wire string) EditOp { return EditOp(customOpPrefix + wire) }

// customOf is the custom field an operation writes.
func customOf(op EditOp) (Field, bool) {
	wire, ok := strings.CutPrefix(string(op), customOpPrefix)
	if !ok || !IsCustomKey(wire) {
		return Field{}, false
	}
	return CustomField(wire), true
}

// CustomField is the Field of the custom field named name (its wire name). Its Name and
// Label are the wire name: a view names it as the workspace does. A member
// field's nicks are compared as a set and written "a;b;", as owners are.
func CustomField(name string) Field {
	return Field{
		Op: CustomOp(name), Name: name, Label: name, Key: name, Other: true, Wire: wire(name),
		Value: func(it api.Item) string { v, _ := it.Get(name); return normalized(v) },
		Set:   func(it *api.Item, v string) { it.Set(name, v) },
		Same:  sameCustom,
		Send:  send(name),
		Shown: ShownCustom, Pick: PickCustom,
	}
}

// sameCustom reports whether two values of a custom field are the same:
// nick lists ("a;b;") as sets, others as text.
func sameCustom(a, b string) bool {
	if sameText(a, b) {
		return true
	}
	if strings.Contains(a, ";") || strings.Contains(b, ";") {
		return sameOwners(a, b)
	}
	return false
}
