package log

import (
	"maps"
	"slices"
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
	"triage/ui/components/richtext"
)

// logNames turns the values a change names into what the board shows: a
// priority's label, a status's and an iteration's name, owners as
// "bob, demo". The field information of a workspace's kind says the
// names; without it (the service was not read) a value is shown as kept.
type logNames map[wsKind]api.FieldInfo

// wsKind is one kind of items in one workspace.
type wsKind struct {
	ws   int64
	kind api.Kind
}

// fieldWords are the words the log names a field by, for the fields a
// person edits; the others go by the service's name for them.
var fieldWords = map[string]string{
	"priority_label": "priority", "priority": "priority",
	"current_owner": "owner", "owner": "owner",
	"iteration_id": "iteration", "status": "status", "v_status": "status",
	"name": "title", "title": "title",
}

// value is a field's value as the board shows it; "none" when unset.
func (n logNames) value(ws int64, kind api.Kind, field, v string) string {
	v = strings.TrimSpace(v)
	if field == "iteration_id" {
		v = store.NoIteration(v)
	}
	if v == "" {
		return itemref.NoPriority
	}
	fi := n[wsKind{ws, kind}]
	switch fieldWords[field] {
	case "owner":
		return strings.Join(store.Owners(v), ", ")
	case "priority":
		if field == "priority" {
			v = api.DisplayPriority(kind, "", v) // a legacy code: 4 is High
		}
		want := api.NormalizePriority(v)
		for _, o := range fi.PriorityOptions() {
			if o.Value == want || o.Label == v {
				return o.Label
			}
		}
		return v
	}
	return fi.OptionLabel(field, v)
}

// fieldName is how the log names a field, said by say.
func (n logNames) fieldName(say wiring.Words, ws int64, kind api.Kind, field, serviceLabel string) string {
	switch fieldWords[field] {
	case "priority":
		return say("priority")
	case "owner":
		return say("owner")
	case "iteration":
		return say("iteration")
	case "status":
		return say("status")
	case "title":
		return say("title")
	}
	if f, ok := n[wsKind{ws, kind}][field]; ok && f.Label != "" {
		return strings.ToLower(f.Label)
	}
	if serviceLabel != "" {
		return strings.ToLower(serviceLabel)
	}
	return field
}

// editField is the field of the service's history an edit writes.
func editField(e store.Edit) string {
	switch e.Op {
	case store.OpPriority:
		return "priority_label"
	case store.OpOwner:
		if e.Kind == api.Bug {
			return "current_owner"
		}
		return "owner"
	case store.OpIteration:
		return "iteration_id"
	case store.OpTitle:
		return e.Kind.TitleField()
	case store.OpCreate:
		return "status"
	}
	return string(e.Op)
}

// editChange describes, said by say, what an edit of this machine
// changes: "priority 低 → 高", "status New → In progress (resolution:
// Fixed)", "owner alice → bob, demo", a new title, a creation at its
// priority, a comment.
func (n logNames) editChange(say wiring.Words, e store.Edit) string {
	ws, field := e.WorkspaceID, editField(e)
	value := func(field, v string) string { return shownValue(say, n.value(ws, e.Kind, field, v)) }
	var out string
	switch e.Op {
	case store.OpCreate:
		out = say("created at %s", value("priority_label", e.To))
	case store.OpTitle:
		out = say("new title")
	case store.OpDescription:
		out = say("new description")
	case store.OpComment:
		out = say("comment %s", quoteShort(strings.Join(richtext.PlainText(e.To), " ")))
	default:
		name := field
		if _, ok := fieldWords[field]; ok {
			name = n.fieldName(say, ws, e.Kind, field, "")
		}
		out = name + " " + value(field, e.From) + " → " + value(field, e.To)
	}
	if len(e.Fields) > 0 {
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(e.Fields)) {
			parts = append(parts, n.fieldName(say, ws, e.Kind, k, "")+": "+value(k, e.Fields[k]))
		}
		out += " (" + strings.Join(parts, ", ") + ")"
	}
	if e.Undoes != 0 {
		out += " " + say("(undo)")
	}
	return out
}

// shownValue is a value as the log shows it: the word for none said by say.
func shownValue(say wiring.Words, v string) string {
	if v == itemref.NoPriority {
		return say("none")
	}
	return v
}

// serviceChange describes a change made on the service: each field, from →
// to, by the names the board shows (the service's own names for a field
// the workspace's information does not list); a creation says so.
func (n logNames) serviceChange(say wiring.Words, ws int64, ch api.ItemChange) string {
	var parts []string
	for _, f := range ch.Fields {
		before := shownValue(say, n.serviceValue(ws, ch.Kind, f.Field, f.Before, f.BeforeName))
		after := shownValue(say, n.serviceValue(ws, ch.Kind, f.Field, f.After, f.AfterName))
		part := n.fieldName(say, ws, ch.Kind, f.Field, f.Label) + " " + before + " → " + after
		if f.Before == "" && f.Field == "status" {
			part = say("created (%s)", after)
		}
		if !slices.Contains(parts, part) {
			parts = append(parts, part)
		}
	}
	return strings.Join(parts, "; ")
}

// serviceValue is a value of the service's history as the board shows it:
// by the workspace's field information, else by the name the service gave.
func (n logNames) serviceValue(ws int64, kind api.Kind, field, value, name string) string {
	shown := n.value(ws, kind, field, value)
	if shown == strings.TrimSpace(value) && name != "" && fieldWords[field] != "owner" {
		return name
	}
	return shown
}

// quoteShort quotes text cut to 40 characters.
func quoteShort(text string) string {
	if r := []rune(text); len(r) > 40 {
		text = string(r[:39]) + "…"
	}
	return `"` + text + `"`
}
