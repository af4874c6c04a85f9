package editor

import (
	"errors"
	"slices"
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/i18n"
)

// A new item's form: after the title and the priority, the fields an item
// of its kind is made with (owners, iteration, a bug's severity: the other
// fields of store.Fields but the status, which the workflow's first step
// sets), then the kind's enabled custom fields, edited as the item editor
// edits them (custom.go), then any other field the workspace's creation
// step asks for (api.TransitionField: a module), chosen among its options
// or typed. The fields the creation step requires (Notnull yes) must hold a
// value before the item is queued, as a status move's required fields do:
// the save names the first one missing and puts the focus on it.

// newForm is what the editor knows of a new item's fields.
type newForm struct {
	required map[string]bool   // store.Field.Key of the fields that must hold a value
	offered  map[string]string // store.Field.Key → the value the form opened with
}

// loadNew fills the form of a new item of the editor's kind from the
// creation step's fields.
func (m *Model) loadNew(create []api.TransitionField) {
	m.more = nil
	m.creating = &newForm{required: map[string]bool{}, offered: map[string]string{}}
	wanted := map[string]api.TransitionField{}
	for _, f := range create {
		wanted[f.Name] = f
	}
	for _, spec := range store.Fields() {
		if !spec.Other || !spec.Has(m.kind) || spec.Pick == store.PickStatus {
			continue
		}
		wire := spec.Wire(m.kind)
		if f, ok := wanted[wire]; ok {
			delete(wanted, wire)
			m.creating.required[spec.Key] = f.Required
		}
		o := other{spec: spec}
		if spec.Pick == store.PickOwners {
			o.nicks = m.typedField(i18n.T("nicks, separated by ;"))
			if m.creating.required[spec.Key] {
				o.nicks.SetValue(m.ctx.User) // TAPD's form offers the one who creates it
			}
		}
		m.more = append(m.more, o)
	}
	for i := range m.custom {
		cf := &m.custom[i]
		f, ok := wanted[cf.Field]
		delete(wanted, cf.Field)
		m.creating.required[cf.Field] = ok && f.Required
		m.more = append(m.more, m.customOther(cf, ""))
	}
	for _, f := range create {
		if _, ok := wanted[f.Name]; !ok {
			continue
		}
		o := other{spec: m.askedField(f.Name)}
		if len(m.fields[f.Name].Options.Pairs) == 0 {
			o.nicks = m.typedField(i18n.T("text"))
		}
		m.creating.required[o.spec.Key] = f.Required
		m.more = append(m.more, o)
	}
	for k := range m.more {
		m.creating.offered[m.more[k].spec.Key] = m.more[k].newValue()
	}
}

// newChanged reports whether a new item's other fields differ from what
// the form offered: esc then asks before it drops them.
func (m *Model) newChanged() bool {
	if m.creating == nil {
		return false
	}
	for k := range m.more {
		if o := &m.more[k]; o.newValue() != m.creating.offered[o.spec.Key] {
			return true
		}
	}
	return false
}

// typedField is a text field typed into, with placeholder hint.
func (m *Model) typedField(hint string) *common.TextField {
	t := common.NewTextField(m.ctx.Styles, "", hint)
	return &t
}

// askedField is a field the creation step asks for that store.Fields does
// not edit: named by the field information's label, chosen among its
// options or typed, sent as it is named.
func (m *Model) askedField(name string) store.Field {
	label := m.fields[name].Label
	if label == "" {
		label = name
	}
	pick := store.PickOption
	if len(m.fields[name].Options.Pairs) == 0 {
		pick = store.PickTyped
	}
	return store.Field{Name: label, Label: label, Key: name, Other: true, Pick: pick, Shown: store.ShownOption,
		Wire:  func(api.Kind) string { return name },
		Value: func(it api.Item) string { v, _ := it.Get(name); return v },
		Send:  func(_ api.Kind, to string) (string, string) { return name, to },
	}
}

// newValue is an other field's value as the form holds it: typed owners
// (and a member field's nicks) as TAPD writes them, typed text trimmed, a
// chosen value as it is.
func (o *other) newValue() string {
	if o.text != nil {
		return strings.TrimSpace(o.text.Value())
	}
	if o.nicks == nil {
		return o.value
	}
	if o.spec.Pick == store.PickOwners || o.custom != nil {
		return store.JoinOwners(store.Owners(o.nicks.Value()))
	}
	return strings.TrimSpace(o.nicks.Value())
}

// requiredNew reports whether a new item's field must hold a value.
func (m *Model) requiredNew(o *other) bool {
	return m.creating != nil && m.creating.required[o.spec.Key]
}

// missingNew is the first field of a new item that must hold a value and
// holds none, with the error that names it and what it takes; -1 when
// every one holds a value.
func (m *Model) missingNew() (int, error) {
	for k := range m.more {
		o := &m.more[k]
		if !m.requiredNew(o) || o.newValue() != "" {
			continue
		}
		where := string(m.ctx.Workspace.Name)
		if where == "" {
			where = i18n.T("this workspace")
		}
		name := i18n.T(o.spec.Name)
		if o.custom != nil {
			name = o.custom.Name
		}
		return k, errors.New(i18n.Tf("%s is required in %s: %s", name, where, m.howToFill(o)))
	}
	return -1, nil
}

// howToFill says how the user gives a field a value: its options, or what
// to type.
func (m *Model) howToFill(o *other) string {
	if o.nicks != nil {
		if o.spec.Pick == store.PickOwners || o.custom != nil {
			return i18n.T("type a member's nick")
		}
		return i18n.T("type a value")
	}
	if o.text != nil {
		return i18n.T("type a value")
	}
	options := m.fields[o.spec.Key].Options.Pairs
	if o.custom != nil {
		options = o.custom.Options
	}
	var names []string
	for _, opt := range options {
		names = append(names, opt.Label)
	}
	if len(names) == 0 {
		return i18n.T("press enter on it to choose one")
	}
	return i18n.Tf("choose one (%s)", strings.Join(names, i18n.T(", ")))
}

// newFields are the fields a new item is sent with, as the service names
// them ("current_owner" of a bug); nil when none holds a value.
func (m *Model) newFields() map[string]string {
	var out map[string]string
	for k := range m.more {
		o := &m.more[k]
		v := o.newValue()
		if v == "" || o.spec.Pick == store.PickIteration && store.NoIteration(v) == "" {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		name, value := o.spec.Send(m.kind, v)
		out[name] = value
	}
	return out
}

// focusOther puts the focus on the kth other field.
func (m *Model) focusOther(k int) {
	form := m.form()
	at := slices.Index(form, fieldOther+field(k))
	m.focus = form[(at-1+len(form))%len(form)]
	m.moveFocus(1)
}

// requiredMark follows a new item's field that must hold a value.
func (m *Model) requiredMark(o *other) string {
	if !m.requiredNew(o) {
		return ""
	}
	return m.ctx.Styles.Subtle.Render("  " + i18n.T("required"))
}
