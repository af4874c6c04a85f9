package log

import (
	"maps"
	"slices"
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
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

// fieldName is how the log names a field.
func (n logNames) fieldName(ws int64, kind api.Kind, field, serviceLabel string) string {
	if w, ok := fieldWords[field]; ok {
		return w
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

// editChange describes what an edit of this machine changes: "priority
// 低 → 高", "status New → In progress (resolution: Fixed)", "owner alice
// → bob, demo", a new title, a creation at its priority, a comment.
func (n logNames) editChange(e store.Edit) string {
	ws, field := e.WorkspaceID, editField(e)
	var out string
	switch e.Op {
	case store.OpCreate:
		out = "created at " + n.value(ws, e.Kind, "priority_label", e.To)
	case store.OpTitle:
		out = "new title"
	case store.OpDescription:
		out = "new description"
	case store.OpComment:
		out = "comment " + quoteShort(strings.Join(richtext.PlainText(e.To), " "))
	default:
		out = fieldWords[field]
		if out == "" {
			out = field
		}
		out += " " + n.value(ws, e.Kind, field, e.From) + " → " + n.value(ws, e.Kind, field, e.To)
	}
	if len(e.Fields) > 0 {
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(e.Fields)) {
			parts = append(parts, n.fieldName(ws, e.Kind, k, "")+": "+n.value(ws, e.Kind, k, e.Fields[k]))
		}
		out += " (" + strings.Join(parts, ", ") + ")"
	}
	if e.Undoes != 0 {
		out += " (undo)"
	}
	return out
}

// serviceChange describes a change made on the service: each field, from →
// to, by the names the board shows (the service's own names for a field
// the workspace's information does not list); a creation says so.
func (n logNames) serviceChange(ws int64, ch api.ItemChange) string {
	var parts []string
	for _, f := range ch.Fields {
		before := n.serviceValue(ws, ch.Kind, f.Field, f.Before, f.BeforeName)
		after := n.serviceValue(ws, ch.Kind, f.Field, f.After, f.AfterName)
		part := n.fieldName(ws, ch.Kind, f.Field, f.Label) + " " + before + " → " + after
		if f.Before == "" && f.Field == "status" {
			part = "created (" + after + ")"
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
