package editor

import (
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/components/picker"
	"triage/ui/i18n"
)

// The editor edits, besides the title and the priority, the other fields of
// store.Fields an item of its kind has (store.Field.Other): the status,
// owners, iteration and a bug's severity today. Owners are typed as nicks
// ("alice; bob"); the others are chosen from the field information's
// options. Each field changed is one edit of the save's step; the engine
// checks a status move against the workflow.

// fieldOther is the first other field in the form; the kth is
// fieldOther+k, m.more[k].
const fieldOther = fieldPriority + 1

// other is one other field as edited.
type other struct {
	spec  store.Field
	value string            // chosen from the options: a status code, an iteration id ("" none), a severity
	nicks *common.TextField // owners, typed; nil for a field chosen from its options
	// custom is the workspace's setting of a custom field (custom.go); its
	// text and dates are typed into text.
	custom *api.CustomField
	text   *common.TextField
	ticks  []string // a ticking picker's choices so far (custom_pick.go)
}

// form lists the fields of the form, in order: the title and the priority,
// and when editing the other fields.
func (m *Model) form() []field {
	out := []field{fieldTitle, fieldPriority}
	for k := range m.more {
		out = append(out, fieldOther+field(k))
	}
	return out
}

// loadOthers fills the other fields from the item.
func (m *Model) loadOthers(it api.Item) {
	m.more = nil
	for _, spec := range store.Fields() {
		if !spec.Other || !spec.Has(it.Kind) {
			continue
		}
		o := other{spec: spec, value: spec.Value(it)}
		if spec.Pick == store.PickOwners {
			nicks := common.NewTextField(m.ctx.Styles, "", i18n.T("nicks, separated by ;"))
			nicks.SetValue(strings.Join(store.Owners(o.value), "; "))
			o.nicks = &nicks
		}
		m.more = append(m.more, o)
	}
	m.loadCustom(it)
}

// otherAt is the other field f, or nil for the title and the priority.
func (m *Model) otherAt(f field) *other {
	if k := int(f - fieldOther); k >= 0 && k < len(m.more) {
		return &m.more[k]
	}
	return nil
}

// typing reports whether f is a field typed into (owners).
func (m *Model) typing(f field) bool {
	o := m.otherAt(f)
	return o != nil && (o.nicks != nil || o.text != nil)
}

// otherChanges are the other fields changed, store.Field.Key → new value.
func (m *Model) otherChanges() map[string]string {
	if m.item == nil {
		return nil
	}
	out := map[string]string{}
	for _, o := range m.more {
		was, now := o.spec.Value(*m.item), o.value
		switch {
		case o.nicks != nil:
			was, now = store.JoinOwners(store.Owners(was)), store.JoinOwners(store.Owners(o.nicks.Value()))
		case o.text != nil:
			now = strings.TrimSpace(o.text.Value())
		}
		if !o.spec.Same(now, was) {
			out[o.spec.Key] = now
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// openOtherPicker offers a picker field's options; the iteration also none.
func (m *Model) openOtherPicker(o *other) {
	if o.custom != nil {
		m.openCustomPicker(o)
		return
	}
	if o.spec.Pick == store.PickStatus && m.steps != nil {
		m.openStepPicker(o)
		return
	}
	var items []picker.Item
	if o.spec.Pick == store.PickIteration {
		items = append(items, picker.Item{Title: i18n.T("none"), Detail: i18n.T("unplan"), Value: ""})
	}
	for _, opt := range m.fields[o.spec.Key].Options.Pairs {
		items = append(items, picker.Item{Title: opt.Label, Value: opt.Value})
	}
	title := i18n.T(o.spec.Label)
	if o.spec.Pick == store.PickStatus {
		title = i18n.Tf("%s (the service checks the workflow)", title)
	}
	m.choose = picker.New(m.ctx, title, items)
	m.choose.SetSize(m.width-4, m.pickerHeight())
	m.choose.SetCurrent(o.value)
}

// view is an other field's value as the form shows it: typed owners as
// typed, a chosen value by name, "none" for none.
func (o *other) view(fi api.FieldInfo) string {
	switch {
	case o.nicks != nil:
		return o.nicks.View()
	case o.text != nil:
		return o.text.View()
	case o.value == "":
		return i18n.T("none")
	case o.custom != nil:
		return o.custom.Shown(o.value)
	}
	return fi.OptionLabel(o.spec.Key, o.value)
}
