package engine

import (
	"slices"
	"strings"

	"triage/api"
	"triage/ui/i18n"
)

// changeWords names each field of a change of the service's history as the
// board names values: "status New → In progress", "priority Low → High",
// "owner alice → bob, carol", "created (New)"; a field the board does not
// edit goes by the service's label for it and the names it gave.
func (g *Engine) changeWords(k api.Kind, ch api.ItemChange) []string {
	var out []string
	for _, f := range ch.Fields {
		var part string
		field, ok := historyField(k, f.Field)
		before, after := f.Before, f.After
		if f.Field == "priority" {
			before, after = api.DisplayPriority(k, "", before), api.DisplayPriority(k, "", after)
		}
		switch {
		case ok && field == Title:
			part = i18n.Tf("title %q", after)
		case ok:
			part = i18n.Tf("%s %s → %s", i18n.T(field.Name()), g.historyValue(k, field, before, f.BeforeName), g.historyValue(k, field, after, f.AfterName))
		default:
			name := f.Label
			if name == "" {
				name = f.Field
			}
			part = i18n.Tf("%s %s → %s", strings.ToLower(name), orNone(f.BeforeName, before), orNone(f.AfterName, after))
		}
		if f.Field == "status" && strings.TrimSpace(f.Before) == "" {
			part = i18n.Tf("created (%s)", g.historyValue(k, Status, after, f.AfterName))
		}
		if !slices.Contains(out, part) {
			out = append(out, part)
		}
	}
	return out
}

// historyField is the board's field a field of the service's history is,
// and false for one the board does not edit.
func historyField(k api.Kind, wire string) (Field, bool) {
	switch wire {
	case "priority_label", "priority":
		return Priority, true
	case "status", "v_status":
		return Status, true
	case "owner", "current_owner":
		return Owner, wire == k.OwnerField()
	case "iteration_id":
		return Iteration, true
	case "severity":
		return Severity, k == api.Bug
	case "description":
		return Description, true
	case k.TitleField():
		return Title, true
	}
	return "", false
}

// historyValue names a value of the history as the board does; a code
// the workspace's field information does not name goes by the name the
// service gave it.
func (g *Engine) historyValue(k api.Kind, f Field, v, serviceName string) string {
	shown := ValueName(g.fields[k], g.ref.names[k], f, v)
	if shown == strings.TrimSpace(v) && serviceName != "" && f != Owner {
		return serviceName
	}
	return shown
}

// orNone is name, else value, else "none".
func orNone(name, value string) string {
	switch {
	case name != "":
		return name
	case strings.TrimSpace(value) != "":
		return value
	}
	return none()
}
