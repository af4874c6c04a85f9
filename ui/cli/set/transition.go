package set

import (
	"fmt"
	"slices"
	"strings"

	"triage/api"
	"triage/ui/cli/itemref"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// transitionFields are the fields of --field a status move carries, checked
// against what its transition asks for (TAPD's Appendfield): each field it
// requires that the item does not hold yet must be given, with a value of
// the field's options when the workspace lists some; a field the move does
// not take is refused. The reason says what is missing and how to give it.
func (r *setRun) transitionFields(p setPlan, t api.Transition, label func(string) string) (map[string]string, itemref.Reason) {
	given := r.flags.fields
	move := itemref.Because("the move from %s to %s", label(p.now), label(t.To))
	var takes []string
	for _, f := range t.Fields {
		takes = append(takes, f.Name)
	}
	out := map[string]string{}
	for _, name := range given.names {
		if !slices.Contains(takes, name) {
			if len(takes) == 0 {
				return nil, itemref.Because("%s takes no fields, and --field gives %s", move, name)
			}
			return nil, itemref.Because("%s takes no %s; it takes %s", move, name, strings.Join(takes, ", "))
		}
		opts := p.names.Fields[name].Options.Pairs
		value, ok := pairValue(opts, given.values[name])
		if !ok {
			return nil, itemref.Because("%q is not a %s here; choose %s", given.values[name], name, pairList(opts))
		}
		out[name] = value
	}
	var missing, flags []string
	for _, name := range t.Required() {
		if _, ok := out[name]; ok {
			continue
		}
		if v, _ := p.item.Get(name); strings.TrimSpace(v) != "" {
			continue
		}
		missing = append(missing, name)
		flags = append(flags, fmt.Sprintf("--field %s=VALUE (%s)", name, choiceList(p.names.Fields[name].Options.Pairs, name)))
	}
	if len(missing) > 0 {
		return nil, itemref.Because("%s asks for %s: pass %s", move, strings.Join(missing, ", "), itemref.Reason{English: strings.Join(flags, " and "), Shown: strings.Join(flags, i18n.T(" and "))})
	}
	if len(out) == 0 {
		return nil, itemref.Reason{}
	}
	return out, itemref.Reason{}
}

// choiceList names the values offered for a field a move asks for, as the
// board's picker offers them: the workspace's options, else TAPD's defaults.
func choiceList(opts []api.Option, name string) string {
	items := engine.RequiredValues(opts, name)
	names := make([]string, len(items))
	for i, it := range items {
		names[i] = it.Value
	}
	return strings.Join(names, ", ")
}
