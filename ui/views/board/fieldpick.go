package board

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/components/picker"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/views/board/fieldflow"
)

// The pickers of the fields besides the priority: the status along the
// workflow (m), the fields a transition requires, the owners (a), the
// iteration (i) and the severity of bugs (x). On one item, a choice is one
// step of the engine; with marks, it is a bulk edit, previewed first
// (bulkfields.go).

// selectedItem is the item under the cursor, with the engine's edits on it;
// false with marks.
func (m *Model) selectedItem() (int32, api.Item, bool) {
	i, ok := m.selected()
	if !ok {
		return 0, api.Item{}, false
	}
	if m.marking() {
		return 0, api.Item{}, false
	}
	return i, m.cur().items[i], true
}

// statusOrder is the status codes of the current kind in the workflow's
// order (its field information's options).
func (d *dataset) statusOrder() []string {
	var out []string
	for _, o := range d.fields["status"].Options.Pairs {
		out = append(out, o.Value)
	}
	return out
}

// openStatusPicker offers the statuses the selected item, or every marked
// item, may go to next.
func (m *Model) openStatusPicker() tea.Cmd {
	d := m.cur()
	is, id, ok := m.subjects()
	if !ok {
		return nil
	}
	items := make([]api.Item, len(is))
	for k, i := range is {
		items[k] = d.items[i]
	}
	if known, cmd := m.eng.MovesOf(d.kind, items...); !known {
		m.awaitPick = pickStatus
		return cmd
	}
	order := d.statusOrder()
	targets := fieldflow.StatusTargets(items, order, func(code string) string { return m.statusLabel(d, code) },
		func(it api.Item) ([]api.Transition, bool) { return m.eng.NextStepsOf(d.kind, it, order) })
	if len(targets) == 0 {
		if id == "" {
			if len(is) == 1 {
				return m.note(i18n.Tf("the marked %s has no step of its workflow from its status", kindWord(d.kind)))
			}
			return m.note(i18n.Tf("the %d marked %s have no step of their workflow in common", len(is), kindsWord(d.kind)))
		}
		it := d.items[is[0]]
		return m.note(i18n.Tf("#%s is %s: its workflow has no step from there", it.ShortID(), m.statusLabel(d, it.Status)))
	}
	title := i18n.Tf("Move %d marked", len(is))
	if id != "" {
		it := d.items[is[0]]
		title = i18n.Tf("Move #%s from %s", it.ShortID(), m.statusLabel(d, it.Status))
	}
	require := func(to string) []string { return m.requiredFor(d, items, to) }
	ask := func(to, name string) (string, []picker.Item) {
		return i18n.Tf("%s: %s is required", m.statusLabel(d, to), i18n.T(fieldTitle(d.fields, name))),
			fieldflow.RequiredChoices(d.fields[name].Options.Pairs, name)
	}
	return m.openFieldPicker(pickStatus, engine.Status, id, fieldflow.StatusFlow(m.ctx, title, targets, require, ask))
}

// requiredFor are the fields the moves of items to status to require that
// an item does not hold yet, each once, in the order their transitions
// name them.
func (m *Model) requiredFor(d *dataset, items []api.Item, to string) []string {
	var need []string
	for _, it := range items {
		next, _ := m.eng.NextStepsOf(d.kind, it, nil)
		for _, t := range next {
			if t.To != to {
				continue
			}
			for _, name := range t.Required() {
				if v, _ := it.Get(name); v == "" && !slices.Contains(need, name) {
					need = append(need, name)
				}
			}
		}
	}
	return need
}

// statusLabel is a status code's name.
func (m *Model) statusLabel(d *dataset, code string) string {
	return m.eng.FieldLabel(d.kind, engine.Status, code)
}

// openFieldPicker opens the flow of a field picker over the board, to set
// field f of the item id ("": of the marked ones).
func (m *Model) openFieldPicker(p pickPurpose, f engine.Field, id string, flow *fieldflow.Flow) tea.Cmd {
	m.pick = &pickState{purpose: p, kind: m.tab, id: id, field: f, flow: flow, model: flow.Model}
	m.sizePicker(len(flow.Model.Shown()))
	return nil
}

// onFieldPicked gives the answer to the field picker's flow: its next step
// opens, or its value goes to the item (or the marked ones).
func (m *Model) onFieldPicked(p *pickState, value string) tea.Cmd {
	to, extra, done := p.flow.Choose(value)
	if !done {
		p.model = p.flow.Model
		m.pick = p
		m.sizePicker(len(p.model.Shown()))
		return nil
	}
	return m.finishField(m.cur(), p.id, p.field, to, extra)
}

// setField changes one field of item i as one step, after checking a status
// move against the workflow known (so a move made offline cannot fail
// later for that).
func (m *Model) setField(d *dataset, i int32, f engine.Field, to string, extra map[string]string) tea.Cmd {
	it := d.items[i]
	if f == engine.Status {
		if pending, cmd := m.eng.TypeStepsPending(d.kind, it); pending {
			m.awaitMove = func() tea.Cmd { return m.finishField(d, it.ID, f, to, extra) }
			return cmd
		}
		if err := m.eng.CheckMove(d.kind, it, to, d.statusOrder()); err != nil {
			return m.report(err)
		}
	}
	if sameValue(f, it, to) {
		return m.note(i18n.Tf("#%s has that %s already", it.ShortID(), fieldWord(f)))
	}
	shown, cmd := m.eng.Apply(d.kind, engine.Change{Item: it, Field: f, To: to, Extra: extra})
	if len(shown) == 0 {
		return cmd
	}
	m.showStaged(d, i, shown[0], f)
	return cmd
}

// fieldTitle is a field's label in the field information, else its name.
func fieldTitle(fi api.FieldInfo, name string) string {
	if f, ok := fi[name]; ok && f.Label != "" {
		return f.Label
	}
	return name
}
