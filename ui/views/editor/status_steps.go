package editor

import (
	"strings"

	"triage/store"
	"triage/ui/components/picker"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// The status field offers the steps of the item's workflow from its status
// when the board knows them (OpenEditorMsg.Steps), as m on the board does:
// a step that requires a field the item lacks (a bug's resolution) asks
// for it once the status is chosen, and the value goes with the move.
// Without the steps, every status is offered and the service decides.

// statusMove is a status chosen whose required fields are being asked.
type statusMove struct {
	o    *other
	to   string
	need []string          // the fields still to ask, the first one asked now
	got  map[string]string // those answered
}

// openStepPicker offers the item's status and the steps from it.
func (m *Model) openStepPicker(o *other) {
	items := []picker.Item{{Title: m.fields.OptionLabel("status", m.item.Status), Value: m.item.Status}}
	for _, t := range m.steps {
		item := picker.Item{Title: m.fields.OptionLabel("status", t.To), Value: t.To}
		if need := m.lacking(t.To); len(need) > 0 {
			names := make([]string, len(need))
			for i, name := range need {
				names[i] = m.fieldLabel(name)
			}
			item.Detail = i18n.Tf("asks for %s", strings.Join(names, ", "))
		}
		items = append(items, item)
	}
	title := i18n.Tf("Move #%s from %s", m.item.ShortID(), m.fields.OptionLabel("status", m.item.Status))
	m.choose = picker.New(m.ctx, title, items)
	m.choose.SetSize(m.width-4, m.pickerHeight())
	m.choose.SetCurrent(o.value)
}

// statusChosen takes a value chosen while the status field or one of its
// move's required fields is asked; false while another field is to be
// asked (the picker shows it). Any other field's value is left to the
// caller (true).
func (m *Model) statusChosen(value string) bool {
	if mv := m.moving; mv != nil {
		mv.got[mv.need[0]] = value
		mv.need = mv.need[1:]
		if len(mv.need) > 0 {
			m.askRequired()
			return false
		}
		mv.o.value, m.statusFields, m.moving = mv.to, mv.got, nil
		m.choose = nil
		return false
	}
	o := m.otherAt(m.focus)
	if o == nil || o.spec.Pick != store.PickStatus || m.steps == nil {
		return true
	}
	need := m.lacking(value)
	if len(need) == 0 {
		o.value, m.statusFields = value, nil
		m.choose = nil
		return false
	}
	m.moving = &statusMove{o: o, to: value, need: need, got: map[string]string{}}
	m.askRequired()
	return false
}

// askRequired offers the values of the field the chosen move requires next.
func (m *Model) askRequired() {
	mv := m.moving
	name := mv.need[0]
	var items []picker.Item
	for _, o := range engine.RequiredValues(m.fields[name].Options.Pairs, name) {
		items = append(items, picker.Item{Title: o.Label, Value: o.Value})
	}
	title := i18n.Tf("%s: %s is required", m.fields.OptionLabel("status", mv.to), m.fieldLabel(name))
	m.choose = picker.New(m.ctx, title, items)
	m.choose.SetSize(m.width-4, m.pickerHeight())
}

// lacking are the fields the step to status to requires that the item
// holds no value of.
func (m *Model) lacking(to string) []string {
	var need []string
	for _, t := range m.steps {
		if t.To != to {
			continue
		}
		for _, name := range t.Required() {
			if v, _ := m.item.Get(name); strings.TrimSpace(v) == "" {
				need = append(need, name)
			}
		}
	}
	return need
}

// fieldLabel names a field by the field information's label, else its name.
func (m *Model) fieldLabel(name string) string {
	if f, ok := m.fields[name]; ok && f.Label != "" {
		return f.Label
	}
	return i18n.T(name)
}
