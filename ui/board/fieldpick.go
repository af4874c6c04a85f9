package board

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/picker"
	"triage/ui/workspace"
)

// The pickers of the fields besides the priority: the status along the
// workflow (m), the fields a transition requires, the owners (a), the
// iteration (i) and the severity of bugs. Each choice is one step of the
// engine, like a priority move.

// The purposes of the field pickers.
const (
	pickStatus    pickPurpose = pickView + 1 + iota // the next status
	pickRequired                                    // a field the chosen transition requires
	pickOwner                                       // toggle an owner; "done" sets them
	pickIteration                                   // plan into an iteration, or none
	pickSeverity                                    // a bug's severity
)

// fieldPick is what a field picker has gathered so far.
type fieldPick struct {
	to     string            // pickStatus, pickRequired: the status chosen
	need   []string          // pickRequired: the required fields still to ask, the one asked first
	extra  map[string]string // pickRequired: the required fields answered
	owners []string          // pickOwner: the owners chosen so far
}

// doneValue is the owner picker's choice that sets the owners chosen.
const doneValue = "\x00done"

// selectedItem is the item under the cursor, with the engine's edits on it.
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

// openStatusPicker offers the statuses the selected item may go to next.
func (m *Model) openStatusPicker() tea.Cmd {
	_, it, ok := m.selectedItem()
	if !ok {
		return m.note("m moves one item: put the cursor on it (esc clears the marks)")
	}
	d := m.cur()
	if _, known, cmd := m.eng.Moves(d.kind); !known {
		m.awaitPick = pickStatus
		return cmd
	}
	order := d.statusOrder()
	var items []picker.Item
	if next, known := m.eng.NextSteps(d.kind, it.Status, order); known {
		for _, t := range next {
			detail := ""
			if req := requiredNames(t); len(req) > 0 {
				detail = "asks for " + strings.Join(req, ", ")
			}
			items = append(items, picker.Item{Title: m.eng.FieldLabel(d.kind, workspace.Status, t.To), Detail: detail, Value: t.To})
		}
		if len(items) == 0 {
			return m.note("#%s is %s: its workflow has no step from there", it.ShortID(), m.eng.FieldLabel(d.kind, workspace.Status, it.Status))
		}
	} else {
		// No workflow known: every status, and the service decides.
		for _, code := range order {
			if code != it.Status {
				items = append(items, picker.Item{Title: m.eng.FieldLabel(d.kind, workspace.Status, code), Detail: "the service decides", Value: code})
			}
		}
	}
	title := fmt.Sprintf("Move #%s from %s", it.ShortID(), m.eng.FieldLabel(d.kind, workspace.Status, it.Status))
	return m.openFieldPicker(pickStatus, d.kind, it.ID, title, items, &fieldPick{})
}

// requiredNames are the fields a transition requires.
func requiredNames(t api.Transition) []string {
	var out []string
	for _, f := range t.Fields {
		if f.Required {
			out = append(out, f.Name)
		}
	}
	return out
}

// openFieldPicker opens a field picker over the board.
func (m *Model) openFieldPicker(p pickPurpose, k api.Kind, id, title string, items []picker.Item, fp *fieldPick) tea.Cmd {
	m.pick = &pickState{purpose: p, kind: k, id: id, field: fp, model: picker.New(m.ctx, title, items)}
	m.sizePicker(len(items))
	return nil
}

// onFieldPicked applies a field picker's answer.
func (m *Model) onFieldPicked(p *pickState, value string) tea.Cmd {
	d := m.cur()
	i, ok := d.find(p.id)
	if !ok {
		return nil
	}
	it := d.items[i]
	fp := p.field
	switch p.purpose {
	case pickStatus:
		fp.to, fp.extra = value, map[string]string{}
		next, _ := m.eng.NextSteps(d.kind, it.Status, nil)
		for _, t := range next {
			if t.To != value {
				continue
			}
			for _, name := range requiredNames(t) {
				if v, _ := it.Get(name); v == "" {
					fp.need = append(fp.need, name)
				}
			}
		}
		return m.askRequired(d, i, fp)
	case pickRequired:
		fp.extra[fp.need[0]] = value
		fp.need = fp.need[1:]
		return m.askRequired(d, i, fp)
	case pickOwner:
		if value == doneValue {
			return m.setField(d, i, workspace.Owner, store.JoinOwners(fp.owners), nil)
		}
		if at := slices.Index(fp.owners, value); at >= 0 {
			fp.owners = slices.Delete(fp.owners, at, at+1)
		} else {
			fp.owners = append(fp.owners, value)
		}
		cmd := m.openOwnerPicker(fp)
		if m.pick != nil {
			m.pick.model.MoveTo(value)
		}
		return cmd
	case pickIteration:
		return m.setField(d, i, workspace.Iteration, value, nil)
	case pickSeverity:
		return m.setField(d, i, workspace.Severity, value, nil)
	}
	return nil
}

// askRequired asks for the next field the chosen transition requires, with
// the field's options (TAPD's defaults first), then moves the item.
func (m *Model) askRequired(d *dataset, i int32, fp *fieldPick) tea.Cmd {
	if len(fp.need) == 0 {
		return m.setField(d, i, workspace.Status, fp.to, fp.extra)
	}
	name := fp.need[0]
	var items []picker.Item
	for _, o := range d.fields[name].Options.Pairs {
		items = append(items, picker.Item{Title: o.Label, Value: o.Value})
	}
	if len(items) == 0 {
		for _, v := range defaultsOf(name) {
			items = append(items, picker.Item{Title: v, Value: v})
		}
	}
	title := fmt.Sprintf("%s: %s is required", m.eng.FieldLabel(d.kind, workspace.Status, fp.to), fieldTitle(d.fields, name))
	return m.openFieldPicker(pickRequired, d.kind, d.items[i].ID, title, items, fp)
}

// defaultsOf are TAPD's default values of a field a transition may
// require, for a service whose field information lists none.
func defaultsOf(name string) []string {
	if name == "resolution" {
		return []string{"fixed", "postponed", "by design", "duplicated", "not reproducible", "won't fix"}
	}
	return []string{"-"}
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
	if f.Value(it) == to || f == workspace.Owner && store.JoinOwners(store.Owners(it.Owner)) == to {
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
