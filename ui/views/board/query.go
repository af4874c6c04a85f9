package board

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/filter"
	"triage/ui/i18n"
)

// The text filter (/) is package filter's language, shared with triage
// list; here it runs against the board's items, with the workspace's
// options (statuses, priorities, members) for tab and for naming values
// that match nothing. M toggles "owner:@me" ("mine").

// matches reports whether item i passes the filter.
func (d *dataset) matches(i int32) bool {
	tq := &d.tq
	if !tq.WordsPass(d.hay[i], d.items[i].ID) {
		return false
	}
	if len(tq.IDs) > 0 && !filter.HasShortID(d.items[i].ShortID(), tq.IDs) {
		return false
	}
	for k := range tq.Terms {
		if d.termPasses(k, i) == tq.Terms[k].Neg {
			return false
		}
	}
	return true
}

// termPasses reports whether item i has one of field term k's values. What
// a status code or a priority column answers is remembered.
func (d *dataset) termPasses(k int, i int32) bool {
	t := &d.tq.Terms[k]
	switch t.Field {
	case "status":
		code := d.items[i].Status
		ok, known := d.tq.Known(k, code)
		if !known {
			ok = filter.AnyPrefix(t.Alts, strings.ToLower(code), strings.ToLower(statusName(d.fields, code)))
			d.tq.Remember(k, code, ok)
		}
		return ok
	case "prio":
		return d.priorityPasses(k, i)
	case "iter":
		id := store.NoIteration(d.items[i].IterationID)
		return filter.IterationPasses(t.Alts, id, d.fields.OptionLabel("iteration_id", id), d.iterAlias)
	case "severity":
		code := d.items[i].Severity
		ok, known := d.tq.Known(k, code)
		if !known {
			ok = filter.AnyPrefix(t.Alts, strings.ToLower(code), strings.ToLower(d.fields.OptionLabel("severity", code)))
			d.tq.Remember(k, code, ok)
		}
		return ok
	case "creator", "reporter":
		return filter.OwnedByAny(d.items[i].Creator, t.Alts)
	case "created":
		return filter.SpansHold(t.Spans, d.items[i].Created)
	case "modified":
		return filter.SpansHold(t.Spans, d.items[i].Modified)
	case filter.SeenNew, filter.SeenChanged:
		return d.seenPasses(t, i)
	case filter.OpenField:
		return filter.OpenPasses(d.tq.Finals, d.items[i].Status)
	case filter.CustomTerm:
		v, _ := d.items[i].Get(t.Custom.Field)
		return filter.CustomPasses(t.Alts, *t.Custom, v)
	}
	return filter.OwnedByAny(d.items[i].Owner, t.Alts)
}

// columnPasses reports whether column c's priority (label or value, "none"
// for no priority) matches priority term k.
func (d *dataset) columnPasses(k, c int) bool {
	col := &d.cols[c]
	ok, known := d.tq.Known(k, col.key)
	if !known {
		ok = filter.PriorityPasses(d.tq.Terms[k].Alts, col.key, col.label)
		d.tq.Remember(k, col.key, ok)
	}
	return ok
}

// filterOptions are the values the filter offers and checks: the
// statuses of the field information, the priorities, a bug's severities,
// as owners the workspace's members (once read), the items' owners and the
// user, and as creators the members, the items' creators and the user.
func (m *Model) filterOptions(d *dataset) filter.Options {
	o := filter.FieldOptions(d.fields, d.opts)
	members := m.eng.KnownMembers()
	nicks := make([]string, len(members))
	for k, p := range members {
		nicks[k] = p.Nick
	}
	o.Owners = filter.Owners(m.person(), nicks, func(yield func(string) bool) {
		for i := range d.items {
			if !yield(d.items[i].Owner) {
				return
			}
		}
	})
	o.Creators = filter.Owners(m.person(), nicks, func(yield func(string) bool) {
		for i := range d.items {
			if !yield(d.items[i].Creator) {
				return
			}
		}
	})
	o.Iterations, o.Today = d.iterOpts, d.today
	o.Custom = m.eng.CustomFields(d.kind)
	return o
}

// filterProblems is what the filter line says about the filter: what it
// could not read, and the values matching no option, checked again when
// the items or the members read change.
func (m *Model) filterProblems(d *dataset) []string {
	version := len(d.items) | len(m.eng.KnownMembers())<<40
	problems := d.tq.AllProblems(version, func() filter.Options { return m.filterOptions(d) })
	if d.tq.NamesOpen() && d.tq.Finals == nil {
		return append([]string{filter.ReadingFinals(d.kind.Path())}, problems...)
	}
	return problems
}

// completeFilter is tab in the filter: it completes the term being typed
// and, when several choices fit, lists them.
func (m *Model) completeFilter() tea.Cmd {
	q := m.filter.Value()
	o := m.filterOptions(m.cur())
	next, choices := o.Complete(q, m.person() != "")
	m.filterHint = ""
	switch {
	case len(choices) == 0:
		m.filterHint = i18n.Tf("tab: nothing to complete (fields: %s)", filter.UsableFields())
	case len(choices) > 1:
		m.filterHint = i18n.Tf("tab: %s", filter.ListSome(choices, 8))
	}
	if next == q {
		return nil
	}
	m.filter.SetValue(next)
	return m.applyQuery(next)
}

// needMembers reads the workspace's members, once, for the filter's owner
// values; the filter line checks them again when they arrive.
func (m *Model) needMembers() tea.Cmd {
	_, _, cmd := m.eng.Members()
	return cmd
}

// person is the nick owner:@me stands for: the user logged in, or "" for
// an API account (Basic), which is not a person and owns nothing.
func (m *Model) person() string {
	if m.ctx.Method == "basic" {
		return ""
	}
	return m.ctx.User
}
