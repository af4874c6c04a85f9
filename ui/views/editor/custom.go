package editor

import (
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/components/picker"
)

// The editor edits the custom fields the workspace enabled for the kind,
// after the others, named as the workspace names them: a select is chosen
// among its options, a member among the workspace's members (typed as nicks
// when none are known yet), text and dates are typed. Each is an edit of
// the save's step, sent as every field is (store.CustomField).

// loadCustom adds the kind's custom fields to the form, with the item's values.
func (m *Model) loadCustom(it api.Item) {
	for i := range m.custom {
		cf := &m.custom[i]
		spec := store.CustomField(cf.Field)
		o := other{spec: spec, value: spec.Value(it), custom: cf}
		switch holds := cf.Holds(); {
		case holds == api.CustomMember && len(m.members) == 0:
			nicks := common.NewTextField(m.ctx.Styles, "", "nicks, separated by ;")
			nicks.SetValue(strings.Join(store.Owners(o.value), "; "))
			o.nicks = &nicks
		case holds == api.CustomText, holds == api.CustomDate, holds == api.CustomMulti:
			text := common.NewTextField(m.ctx.Styles, "", customHint(holds))
			text.SetValue(o.value)
			o.text = &text
		}
		m.more = append(m.more, o)
	}
}

// customHint is what an empty typed custom field says to type.
func customHint(holds string) string {
	switch holds {
	case api.CustomDate:
		return "a date, 2026-01-31"
	case api.CustomMulti:
		return "options, separated by |"
	}
	return "text"
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
	return o.spec.Label
}

// openCustomPicker offers a select's options or the workspace's members,
// and none.
func (m *Model) openCustomPicker(o *other) {
	items := []picker.Item{{Title: "none", Detail: "clear it", Value: ""}}
	if o.custom.Holds() == api.CustomMember {
		for _, p := range m.members {
			items = append(items, picker.Item{Title: p.Nick, Detail: p.Name, Value: store.JoinOwners([]string{p.Nick})})
		}
	} else {
		for _, opt := range o.custom.Options {
			items = append(items, picker.Item{Title: opt.Label, Value: opt.Value})
		}
	}
	m.choose = picker.New(m.ctx, o.custom.Name, items)
	m.choose.SetSize(m.width-4, m.pickerHeight())
	m.choose.SetCurrent(o.value)
}
