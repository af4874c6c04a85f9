package sandbox

import (
	"slices"
	"strings"

	"triage/api"
)

// The rules TAPD holds an item write to besides the field values: a status
// changes only along the workflow (by status or v_status alike), a
// transition gets the fields it requires (Appendfield with Notnull yes), and
// owners are members of the workspace; a new item holds the fields its
// workspace requires on create (Workspace.CreateRequired).

// requiredOn are the fields a transition into a status requires, per kind
// (our rule, after TAPD's default bug workflow, whose closing and rejecting
// steps ask for the resolution).
func requiredOn(k api.Kind, to string) []string {
	if k == api.Bug && (to == "closed" || to == "rejected") {
		return []string{"resolution"}
	}
	return nil
}

// checkItemRules refuses a write that breaks a rule: from is the status the
// item had before, it the item as the write leaves it.
func (w *world) checkItemRules(ws *Workspace, k api.Kind, from string, it *api.Item, form map[string][]string, create bool) *httpError {
	f := flowOfItem(k, it)
	if create {
		for _, name := range ws.CreateRequired[k.String()] {
			if v, _ := it.Get(name); strings.TrimSpace(v) == "" {
				return unprocessable("%s is required: workspace %d creates a %s only with it; it takes: %s",
					name, ws.ID, k, strings.Join(valuesOf(ws, k, name), ", "))
			}
		}
	}
	if !create && it.Status != from {
		if !f.allows(from, it.Status) {
			return unprocessable("status: %s %s cannot go from %s to %s; from %s it can go to: %s",
				k, it.ID, f.label(from, ws.Locale), f.label(it.Status, ws.Locale), f.label(from, ws.Locale), strings.Join(f.nextNames(from, ws.Locale), ", "))
		}
		var missing []string
		for _, name := range requiredOn(k, it.Status) {
			if v, _ := it.Get(name); strings.TrimSpace(v) == "" {
				missing = append(missing, name)
			}
		}
		if len(missing) > 0 {
			return unprocessable("%s %s: the step from %s to %s requires %s",
				k, it.ID, f.label(from, ws.Locale), f.label(it.Status, ws.Locale), strings.Join(missing, ", "))
		}
	}
	if _, sent := form[k.OwnerField()]; sent {
		members := w.memberNicks(ws)
		for nick := range strings.SplitSeq(it.Owner, ";") {
			if nick = strings.TrimSpace(nick); nick != "" && !slices.Contains(members, nick) {
				return unprocessable("%s %s is not a member of workspace %d; members: %s",
					k.OwnerField(), quoteShort(nick), ws.ID, strings.Join(members, ", "))
			}
		}
	}
	return nil
}

// nextNames are the display names of the statuses one step away from status
// from, in workflow order.
func (f flow) nextNames(from, locale string) []string {
	var out []string
	for _, c := range f.steps {
		if c.value != from && slices.Contains(f.moves, transition{from, c.value}) {
			out = append(out, c.label.in(locale))
		}
	}
	return out
}

// valuesOf are the values a field of a kind takes in ws, for a message:
// its options.
func valuesOf(ws *Workspace, k api.Kind, name string) []string {
	spec, ok := lookup(catalog(ws, k), name)
	if !ok {
		return nil
	}
	var out []string
	for _, o := range spec.options.Pairs {
		out = append(out, o.Value)
	}
	return out
}
