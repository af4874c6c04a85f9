package editor

import (
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/components/picker"
	"triage/ui/i18n"
)

// The editor edits the custom fields the workspace enabled for the kind,
// after the others, named as the workspace names them: a select is chosen
// among its options, a member among the workspace's members (typed as nicks
// when none are known yet) and a multi-select's options are ticked, a date
// is chosen among the coming days, text is typed. Each is an edit of
// the save's step, sent as every field is (store.CustomField).

// loadCustom adds the kind's custom fields to the form, with the item's values.
func (m *Model) loadCustom(it api.Item) {
	for i := range m.custom {
		m.more = append(m.more, m.customOther(&m.custom[i], store.CustomField(m.custom[i].Field).Value(it)))
	}
}

// customOther is custom field cf as the form edits it, holding value: a
// member field typed as nicks when no members are known, text typed, the
// others chosen.
func (m *Model) customOther(cf *api.CustomField, value string) other {
	spec := store.CustomField(cf.Field)
	o := other{spec: spec, value: value, custom: cf}
	switch holds := cf.Holds(); {
	case holds == api.CustomMember && len(m.members) == 0:
		nicks := common.NewTextField(m.ctx.Styles, "", i18n.T("nicks, separated by ;"))
		nicks.SetValue(strings.Join(store.Owners(o.value), "; "))
		o.nicks = &nicks
	case holds == api.CustomText:
		text := common.NewTextField(m.ctx.Styles, "", i18n.T("text"))
		text.SetValue(o.value)
		o.text = &text
	}
	return o
}

// typed is the text field a field is typed into, or nil for one chosen.
func (o *other) typed() *common.TextField {
	if o.nicks != nil {
		return o.nicks
	}
	return o.text
}

// label names the field in the form: a custom field by the workspace's name.
func (o *other) label() string {
	if o.custom != nil {
		return o.custom.Name
	}
	return i18n.T(o.spec.Label)
}

// openCustomPicker offers a select's options and none, the coming days
// for a date, or ticks for a multi-select's options and the members
// (custom_pick.go).
func (m *Model) openCustomPicker(o *other) {
	var items []picker.Item
	switch {
	case o.ticking():
		o.ticks = o.tickedValues(o.value)
		items = m.tickItems(o)
	case o.custom.Holds() == api.CustomDate:
		items = m.dateItems(o.value)
	default:
		items = []picker.Item{{Title: i18n.T("none"), Detail: i18n.T("clear it"), Value: ""}}
		for _, opt := range o.custom.Options {
			items = append(items, picker.Item{Title: opt.Label, Value: opt.Value})
		}
	}
	m.choose = picker.New(m.ctx, o.custom.Name, items)
	m.choose.SetSize(m.width-4, m.pickerHeight())
	m.choose.SetCurrent(o.value)
}
