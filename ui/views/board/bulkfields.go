package board

import (
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/engine"
	"triage/ui/views/board/bulkplan"
)

// The field pickers act on the item under the cursor or, with marks, on
// every marked item: then their choice becomes a bulk edit, previewed with
// each item's value before and after (bulk.go).

// subjects are the items a field picker acts on: every marked item (id
// ""), or the one under the cursor (id its id); false when there is none.
func (m *Model) subjects() (is []int32, id string, ok bool) {
	if m.marking() {
		is = m.markedItems()
		return is, "", len(is) > 0
	}
	i, ok := m.selected()
	if !ok {
		return nil, "", false
	}
	return []int32{i}, m.cur().items[i].ID, true
}

// finishField gives the picker's item (id), or every marked item (""),
// value to of field f.
func (m *Model) finishField(d *dataset, id string, f engine.Field, to string, extra map[string]string) tea.Cmd {
	if id == "" {
		return m.previewField(f, func(api.Item) string { return to }, extra)
	}
	i, ok := d.find(id)
	if !ok {
		return nil
	}
	return m.setField(d, i, f, to, extra)
}

// previewField plans giving each marked item the value of field f that to
// gives it, and asks for a confirmation; a status move the workflow of an
// item does not allow is refused, naming the item.
func (m *Model) previewField(f engine.Field, to func(api.Item) string, extra map[string]string) tea.Cmd {
	d := m.cur()
	var plan []bulkplan.Change
	stay := 0
	for _, i := range m.markedItems() {
		it := d.items[i]
		v := to(it)
		if sameValue(f, it, v) {
			stay++
			continue
		}
		plan = append(plan, bulkplan.Change{Item: i, Field: f, Value: v, Extra: extra,
			From: m.eng.FieldLabel(d.kind, f, f.Value(it)), To: m.eng.FieldLabel(d.kind, f, v)})
	}
	if f == engine.Status {
		if pending, cmd := m.typeStepsPending(plan); pending {
			m.awaitMove = func() tea.Cmd { return m.previewField(f, to, extra) }
			return cmd
		}
		if err := m.refuseStuck(plan); err != nil {
			return m.report(err)
		}
	}
	return m.previewPlan(f, plan, stay)
}

// typeStepsPending says whether the moves of a plan wait for the workflows
// of their story types, reading them.
func (m *Model) typeStepsPending(plan []bulkplan.Change) (bool, tea.Cmd) {
	d := m.cur()
	items := make([]api.Item, len(plan))
	for k, p := range plan {
		items[k] = d.items[p.Item]
	}
	return m.eng.TypeStepsPending(d.kind, items...)
}

// sameValue reports whether item it holds value v of field f already
// (owners in any order).
func sameValue(f engine.Field, it api.Item, v string) bool {
	if f == engine.Owner {
		return joinOwners(store.Owners(it.Owner)) == joinOwners(store.Owners(v))
	}
	return f.Value(it) == v
}

// joinOwners writes owners as TAPD's "a;b;" list.
func joinOwners(nicks []string) string { return store.JoinOwners(nicks) }
