package engine

import (
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/i18n"
)

// FieldLabel names a value of a field as the service's field information
// names it: a status code's name ("Developing"), an iteration's name, a
// severity's label; owners as "alice, bob"; "none" for no value.
func (g *Engine) FieldLabel(k api.Kind, f Field, v string) string {
	return ValueName(g.fields[k], g.ref.names[k], f, v)
}

// ValueName names a value of field f as the board shows it, from the
// workspace's field information fi: a priority's label (matched by value,
// then label), a status code's name (statusNames: a story type's own
// statuses by code, nil when none are known), an iteration's name, a
// severity's label, owners as "alice, bob", "none" for no value, a
// description by its length. Raw codes are for --json only: every view
// and the command line's set and log name values with it.
func ValueName(fi api.FieldInfo, statusNames map[string]string, f Field, v string) string {
	switch f.Spec().Shown {
	case store.ShownPriority:
		return priorityName(fi, v)
	case store.ShownText:
		return v
	case store.ShownLength:
		return i18n.Tf("%d characters", len([]rune(v)))
	case store.ShownOwners:
		nicks := store.Owners(v)
		if len(nicks) == 0 {
			return none()
		}
		return strings.Join(nicks, ", ")
	case store.ShownIteration:
		v = store.NoIteration(v)
	case store.ShownCustom:
		return customValueName(fi, f, v)
	}
	if strings.TrimSpace(v) == "" {
		return none()
	}
	label := fi.OptionLabel(string(f), v)
	if name := statusNames[v]; f == Status && label == v && name != "" {
		return name // a story type's own status, named by status_map
	}
	return label
}

// priorityName is the label of a priority value: its option's label
// (matched by value, then label), "none" for none, else the value.
func priorityName(fi api.FieldInfo, value string) string {
	if value == "" {
		return none()
	}
	opts := fi.PriorityOptions()
	for _, o := range opts {
		if o.Value == value {
			return o.Label
		}
	}
	for _, o := range opts {
		if o.Label == value {
			return o.Label
		}
	}
	return value
}

// FieldOf is the field an edit writes; a comment or a create writes none
// (the priority is answered).
func FieldOf(e store.Edit) Field { return fieldOf(e.Op) }
