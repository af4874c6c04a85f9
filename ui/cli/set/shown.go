package set

import (
	"fmt"

	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/i18n"
)

// shown is a value of the plan's field as the board shows it: a priority
// or a status by its label, owners as "alice, bob", an iteration by its
// name, a title quoted; none (in the language in use) when empty.
func (p setPlan) shown(v string) string {
	if p.custom != nil {
		v = p.custom.Shown(v)
	}
	switch p.op {
	case store.OpTitle:
		return fmt.Sprintf("%q", v)
	case store.OpIteration:
		v = store.NoIteration(v)
		for _, it := range p.iterations {
			if it.ID == v {
				return it.Name
			}
		}
	case store.OpOwner:
		v = itemref.People(store.JoinOwners(store.Owners(v)))
	case store.OpPriority:
		for _, o := range p.names.Priorities {
			if o.Value == v {
				v = o.Label
				break
			}
		}
	case store.OpStatus, store.OpSeverity:
		v = p.names.Fields.OptionLabel(p.op.WireField(p.item.Kind), v)
	}
	if v == "" {
		return i18n.T(itemref.NoPriority)
	}
	return v
}
