package board

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/picker"
	"triage/ui/workspace"
)

// The pickers of the fields besides the priority: the status along the
// workflow (m), the fields a transition requires, the owners (a), the
// iteration (i) and the severity of bugs (x). On one item, a choice is one
// step of the engine; with marks, it is a bulk edit, previewed first
// (bulkfields.go).

// fieldPick is what a field picker has gathered so far.
type fieldPick struct {
	to     string            // pickStatus, pickRequired: the status chosen
	need   []string          // pickRequired: the required fields still to ask, the one asked first
	extra  map[string]string // pickRequired: the required fields answered
	owners []string          // pickOwner: the owners chosen so far
}

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
	targets := picker.StatusTargets(items, order, func(code string) string { return m.statusLabel(d, code) },
		func(it api.Item) ([]api.Transition, bool) { return m.eng.NextStepsOf(d.kind, it, order) })
	if len(targets) == 0 {
		if id == "" {
			return m.note("the %d marked %s have no step of their workflow in common", len(is), d.kind.Path())
		}
		it := d.items[is[0]]
		return m.note("#%s is %s: its workflow has no step from there", it.ShortID(), m.statusLabel(d, it.Status))
	}
	title := fmt.Sprintf("Move %d marked", len(is))
	if id != "" {
		it := d.items[is[0]]
		title = fmt.Sprintf("Move #%s from %s", it.ShortID(), m.statusLabel(d, it.Status))
	}
	return m.openFieldPicker(pickStatus, d.kind, id, title, picker.StatusChoices(targets), &fieldPick{})
}

// statusLabel is a status code's name.
func (m *Model) statusLabel(d *dataset, code string) string {
	return m.eng.FieldLabel(d.kind, workspace.Status, code)
}

// openFieldPicker opens a field picker over the board; id "" acts on the
// marked items.
func (m *Model) openFieldPicker(p pickPurpose, k api.Kind, id, title string, items []picker.Item, fp *fieldPick) tea.Cmd {
	m.pick = &pickState{purpose: p, kind: k, id: id, field: fp, model: picker.New(m.ctx, title, items)}
	m.sizePicker(len(items))
	return nil
}

// onFieldPicked applies a field picker's answer.
func (m *Model) onFieldPicked(p *pickState, value string) tea.Cmd {
	d := m.cur()
	is, ok := m.pickSubjects(d, p)
	if !ok {
		return nil
	}
	fp := p.field
	switch p.purpose {
	case pickStatus:
		fp.to, fp.extra = value, map[string]string{}
		for _, i := range is {
			it := d.items[i]
			next, _ := m.eng.NextStepsOf(d.kind, it, nil)
			for _, t := range next {
				if t.To != value {
					continue
				}
				for _, name := range picker.RequiredNames(t) {
					if v, _ := it.Get(name); v == "" && !slices.Contains(fp.need, name) {
						fp.need = append(fp.need, name)
					}
				}
			}
		}
		return m.askRequired(d, p.id, fp)
	case pickRequired:
		fp.extra[fp.need[0]] = value
		fp.need = fp.need[1:]
		return m.askRequired(d, p.id, fp)
	case pickOwner:
		if value == picker.DoneValue {
			return m.finishField(d, p.id, workspace.Owner, joinOwners(fp.owners), nil)
		}
		fp.owners = picker.Toggle(fp.owners, value)
		cmd := m.openOwnerPicker(fp)
		if m.pick != nil {
			m.pick.model.MoveTo(value)
		}
		return cmd
	case pickIteration:
		return m.finishField(d, p.id, workspace.Iteration, value, nil)
	case pickSeverity:
		return m.finishField(d, p.id, workspace.Severity, value, nil)
	}
	return nil
}

// askRequired asks for the next field the chosen transition requires, with
// the field's options (TAPD's defaults first), then moves the item (or the
// marked ones).
func (m *Model) askRequired(d *dataset, id string, fp *fieldPick) tea.Cmd {
	if len(fp.need) == 0 {
		return m.finishField(d, id, workspace.Status, fp.to, fp.extra)
	}
	name := fp.need[0]
	items := picker.RequiredChoices(d.fields[name].Options.Pairs, name)
	title := fmt.Sprintf("%s: %s is required", m.statusLabel(d, fp.to), fieldTitle(d.fields, name))
	return m.openFieldPicker(pickRequired, d.kind, id, title, items, fp)
}

// setField changes one field of item i as one step, after checking a status
// move against the workflow known (so a move made offline cannot fail
// later for that).
func (m *Model) setField(d *dataset, i int32, f workspace.Field, to string, extra map[string]string) tea.Cmd {
	it := d.items[i]
	if f == workspace.Status {
		if err := m.eng.CheckMove(d.kind, it, to, d.statusOrder()); err != nil {
			return m.report(err)
		}
	}
	if sameValue(f, it, to) {
		return m.note("#%s has that %s already", it.ShortID(), f.Name())
	}
	shown, cmd := m.eng.Apply(d.kind, workspace.Change{Item: it, Field: f, To: to, Extra: extra})
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
