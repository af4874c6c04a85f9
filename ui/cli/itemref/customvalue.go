package itemref

import (
	"slices"
	"strings"

	"triage/api"
	"triage/store"
)

// CustomValue is how `triage set --field` and `triage new --field` take a
// value of a custom field: what it is written with, or why it is refused
// naming what the field takes. A select takes one of its options (by value
// or label), a multi-select several joined by | or ",", a member field the
// workspace's members by nick or name (members is called only then), text
// and dates as given. "none" is the caller's: it clears or leaves empty.
func CustomValue(f api.CustomField, value string, members func() ([]api.Member, error)) (to string, refused Reason, err error) {
	value = strings.TrimSpace(value)
	switch f.Holds() {
	case api.CustomSelect:
		o, ok := f.Option(value)
		if !ok {
			return "", Because("%q is not an option of %s; choose %s", value, f.Name, optionLabels(append(slices.Clone(f.Options), api.Option{Label: NoPriority}))), nil
		}
		return o.Value, Reason{}, nil
	case api.CustomMulti:
		var values []string
		for _, v := range strings.FieldsFunc(value, func(r rune) bool { return r == '|' || r == ',' }) {
			o, ok := f.Option(v)
			if !ok {
				return "", Because("%q is not an option of %s; choose among %s, joined by |", strings.TrimSpace(v), f.Name, optionLabels(f.Options)), nil
			}
			values = append(values, o.Value)
		}
		return strings.Join(values, "|"), Reason{}, nil
	case api.CustomMember:
		all, err := members()
		if err != nil {
			return "", Reason{}, err
		}
		var nicks []string
		for _, want := range store.Owners(value) {
			i := slices.IndexFunc(all, func(m api.Member) bool {
				return strings.EqualFold(m.Nick, want) || m.Name != "" && strings.EqualFold(m.Name, want)
			})
			if i < 0 {
				return "", Because("%q is not a member of the workspace, which %s takes; choose among %s", want, f.Name, memberNicks(all)), nil
			}
			nicks = append(nicks, all[i].Nick)
		}
		return store.JoinOwners(nicks), Reason{}, nil
	}
	return value, Reason{}, nil
}

// CustomFieldList names a kind's custom fields for a message.
func CustomFieldList(custom []api.CustomField) Reason {
	if len(custom) == 0 {
		return Because("it has none")
	}
	names := make([]string, len(custom))
	for i, f := range custom {
		names[i] = f.Name
	}
	return Because("its custom fields: %s", strings.Join(names, ", "))
}

// optionLabels names options by their labels.
func optionLabels(opts []api.Option) string {
	labels := make([]string, 0, len(opts))
	for _, o := range opts {
		labels = append(labels, o.Label)
	}
	return strings.Join(labels, ", ")
}

// memberNicks names the members by nick.
func memberNicks(members []api.Member) string {
	names := make([]string, len(members))
	for i, m := range members {
		names[i] = m.Nick
	}
	return strings.Join(names, ", ")
}
