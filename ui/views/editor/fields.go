package editor

import (
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/components/picker"
)

// The editor edits, besides the title and the priority, an item's status,
// owners, iteration and (bugs) severity. The status, iteration and
// severity are chosen from the field information's options; the owners are
// typed as nicks ("alice; bob"). Each field changed is one edit of the
// save's step; the engine checks a status move against the workflow.

// The other fields, after fieldPriority in the form.
const (
	fieldStatus field = iota + fieldPriority + 1
	fieldOwner
	fieldIteration
	fieldSeverity
)

// others holds the other fields' values as edited.
type others struct {
	status, iteration, severity string
	owner                       common.TextField
}

// wire is the field's wire name.
func (f field) wire() string {
	switch f {
	case fieldStatus:
		return "status"
	case fieldOwner:
		return "owner"
	case fieldIteration:
		return "iteration_id"
	case fieldSeverity:
		return "severity"
	}
	return ""
}

// form lists the fields of the form, in order: the title and the priority,
// and when editing the other fields (a severity for bugs only).
func (m *Model) form() []field {
	out := []field{fieldTitle, fieldPriority}
	if m.item != nil {
		out = append(out, fieldStatus, fieldOwner, fieldIteration)
		if m.kind == api.Bug {
			out = append(out, fieldSeverity)
		}
	}
	return out
}

// loadOthers fills the other fields from the item.
func (m *Model) loadOthers(it api.Item) {
	m.more.owner = common.NewTextField(m.ctx.Styles, "", "nicks, separated by ;")
	m.more.owner.SetValue(strings.Join(store.Owners(it.Owner), "; "))
	m.more.status, m.more.iteration, m.more.severity = it.Status, store.NoIteration(it.IterationID), it.Severity
}

// otherChanges are the other fields changed, wire name → new value.
func (m *Model) otherChanges() map[string]string {
	if m.item == nil {
		return nil
	}
	out := map[string]string{}
	if m.more.status != m.item.Status {
		out["status"] = m.more.status
	}
	if owners := store.JoinOwners(store.Owners(m.more.owner.Value())); owners != store.JoinOwners(store.Owners(m.item.Owner)) {
		out["owner"] = owners
	}
	if m.more.iteration != store.NoIteration(m.item.IterationID) {
		out["iteration_id"] = m.more.iteration
	}
	if m.kind == api.Bug && m.more.severity != m.item.Severity {
		out["severity"] = m.more.severity
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// valueOf is a picker field's value as edited.
func (m *Model) valueOf(f field) *string {
	switch f {
	case fieldStatus:
		return &m.more.status
	case fieldIteration:
		return &m.more.iteration
	case fieldSeverity:
		return &m.more.severity
	}
	return nil
}

// openOtherPicker offers a picker field's options; the iteration also none.
func (m *Model) openOtherPicker(f field) {
	var items []picker.Item
	if f == fieldIteration {
		items = append(items, picker.Item{Title: "none", Detail: "unplan", Value: ""})
	}
	for _, o := range m.fields[f.wire()].Options.Pairs {
		items = append(items, picker.Item{Title: o.Label, Value: o.Value})
	}
	title := map[field]string{fieldStatus: "Status (the service checks the workflow)", fieldIteration: "Iteration", fieldSeverity: "Severity"}[f]
	m.choose = picker.New(m.ctx, title, items)
	m.choose.SetSize(m.width-4, m.pickerHeight())
	m.choose.SetCurrent(*m.valueOf(f))
}

// otherView is a picker field's value by name, "none" for none.
func (m *Model) otherView(f field) string {
	v := *m.valueOf(f)
	if v == "" {
		return "none"
	}
	return m.fields.OptionLabel(f.wire(), v)
}
