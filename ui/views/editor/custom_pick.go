package editor

import (
	"slices"
	"strings"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/components/picker"
	"triage/ui/i18n"
)

// The pickers of custom fields that hold several values and of dates: a
// multi-select's options and a member field's members are ticked, each
// enter adding or removing one, until "done" sets them; a date is chosen
// among the coming days (typing filters them: "12-05", "Fri").

// doneValue is the value of the "done" choice of a ticking picker; no
// option or nick can be it.
const doneValue = "\x00done"

// dateDays is how many days from today the date picker offers.
const dateDays = 120

// ticking reports whether a custom field is chosen by ticks.
func (o *other) ticking() bool {
	if o.custom == nil {
		return false
	}
	holds := o.custom.Holds()
	return holds == api.CustomMulti || holds == api.CustomMember
}

// tickedValues are the values of a ticking field's value: nicks, or a
// multi-select's options joined by "|".
func (o *other) tickedValues(v string) []string {
	if o.custom.Holds() == api.CustomMember {
		return store.Owners(v)
	}
	var out []string
	for part := range strings.SplitSeq(v, "|") {
		if part = strings.TrimSpace(part); part != "" {
			out = append(out, part)
		}
	}
	return out
}

// joinTicks writes ticked values as the service takes them.
func (o *other) joinTicks(ticks []string) string {
	if o.custom.Holds() == api.CustomMember {
		return store.JoinOwners(ticks)
	}
	return strings.Join(ticks, "|")
}

// tickItems are "done", then the choices, the ticked ones marked.
func (m *Model) tickItems(o *other) []picker.Item {
	detail := i18n.T("clear it") // the values are not named here, so that typing one does not find done
	if n := len(o.ticks); n > 0 {
		detail = i18n.Tf("set the %d ticked", n)
	}
	items := []picker.Item{{Title: i18n.T("done"), Detail: detail, Value: doneValue}}
	add := func(value, title, detail string) {
		mark := "  "
		if slices.Contains(o.ticks, value) {
			mark = "✓ "
		}
		items = append(items, picker.Item{Title: mark + title, Detail: detail, Value: value})
	}
	if o.custom.Holds() == api.CustomMember {
		for _, p := range m.members {
			add(p.Nick, p.Nick, p.Name)
		}
		return items
	}
	for _, opt := range o.custom.Options {
		add(opt.Value, opt.Label, "")
	}
	return items
}

// chooseTick takes an enter in a ticking picker: done sets the value and
// closes it; a choice is ticked or unticked.
func (m *Model) chooseTick(o *other, value string) {
	if value == doneValue {
		o.value, o.ticks, m.choose = o.joinTicks(o.ticks), nil, nil
		return
	}
	if at := slices.Index(o.ticks, value); at >= 0 {
		o.ticks = slices.Delete(o.ticks, at, at+1)
	} else {
		o.ticks = append(o.ticks, value)
	}
	m.choose.SetItems(m.tickItems(o))
	m.choose.MoveTo(value)
}

// dateItems are none, then the coming days from today in the service's
// zone, the field's date first when it is another.
func (m *Model) dateItems(current string) []picker.Item {
	items := []picker.Item{{Title: i18n.T("none"), Detail: i18n.T("clear it"), Value: ""}}
	today := m.ctx.Clock().In(api.ServiceZone)
	day := func(t time.Time) string { return t.Format(time.DateOnly) }
	if current != "" && (current < day(today) || current > day(today.AddDate(0, 0, dateDays))) {
		items = append(items, picker.Item{Title: current, Detail: i18n.T("current"), Value: current})
	}
	for n := range dateDays + 1 {
		t := today.AddDate(0, 0, n)
		detail := i18n.T(t.Format("Mon"))
		switch n {
		case 0:
			detail += " · " + i18n.T("today")
		case 1:
			detail += " · " + i18n.T("tomorrow")
		}
		items = append(items, picker.Item{Title: day(t), Detail: detail, Value: day(t)})
	}
	return items
}
