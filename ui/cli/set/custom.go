package set

import (
	"context"
	"slices"
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
)

// `--field NAME=VALUE` names a custom field of the workspace by its name
// (来源渠道=客户反馈) or its wire name (custom_field_one=…): the value is
// checked against what the field takes (a select's options, the members,
// options joined by | for a multi-select) and written through the outbox
// as every field is. Any other NAME is a field the status move asks for.

// customKey names the custom fields of a kind in a workspace.
type customKey struct {
	ws   int64
	kind api.Kind
}

// customOf reads the enabled custom fields of a kind in a workspace once.
func (r *setRun) customOf(ctx context.Context, ws int64, kind api.Kind) ([]api.CustomField, error) {
	key := customKey{ws, kind}
	if f, ok := r.custom[key]; ok {
		return f, nil
	}
	all, err := r.t.Client.CustomFields(ctx, ws, kind)
	if err != nil {
		return nil, err
	}
	if r.custom == nil {
		r.custom = map[customKey][]api.CustomField{}
	}
	r.custom[key] = api.EnabledCustomFields(all)
	return r.custom[key], nil
}

// customPlans are the plans of the --field values that name custom fields,
// a refused value as a result; rest are the other --field values, for the
// status move. Without --field nothing is read.
func (r *setRun) customPlans(ctx context.Context, base setPlan) (plans []setPlan, refused []Result, rest transitionValues, err error) {
	if !slices.ContainsFunc(r.flags.fields.names, func(name string) bool { return mayBeCustom(base.names, name) }) {
		if !r.flags.status.set && len(r.flags.fields.names) > 0 {
			for _, name := range r.flags.fields.names { // nothing would carry them: said, not dropped
				p := base
				p.op = store.EditOp(name)
				refused = append(refused, p.refused(itemref.Because("%s goes with a status move: pass --status too, or name a custom field of %s", name, kindWords(base.item.Kind))))
			}
			return nil, refused, rest, nil
		}
		return nil, nil, r.flags.fields, nil // fields of the workspace's field information: no settings to read
	}
	custom, err := r.customOf(ctx, base.ws, base.item.Kind)
	if err != nil {
		return nil, nil, rest, err
	}
	for _, name := range r.flags.fields.names {
		value := r.flags.fields.values[name]
		f, ok := api.CustomFieldNamed(custom, name)
		if !ok {
			if !r.flags.status.set {
				p := base
				p.op = store.EditOp(name)
				refused = append(refused, p.refused(itemref.Because("%s is not a custom field of %s here (%s); a field a status move asks for goes with --status",
					name, kindWords(base.item.Kind), itemref.CustomFieldList(custom))))
				continue
			}
			_ = rest.Set(name + "=" + value)
			continue
		}
		p, reason, err := r.customPlan(ctx, base, f, value)
		if err != nil {
			return nil, nil, rest, err
		}
		if !reason.None() {
			refused = append(refused, p.refused(reason))
			continue
		}
		plans = append(plans, p)
	}
	return plans, refused, rest, nil
}

// customPlan checks a value of custom field f: "none" clears it.
func (r *setRun) customPlan(ctx context.Context, p setPlan, f api.CustomField, value string) (setPlan, itemref.Reason, error) {
	p.op, p.custom = store.CustomOp(f.Field), &f
	p.now = store.CustomField(f.Field).Value(p.item)
	p.seen = p.now
	value = strings.TrimSpace(value)
	if strings.EqualFold(value, itemref.NoPriority) {
		return p, itemref.Reason{}, nil
	}
	to, reason, err := itemref.CustomValue(f, value, func() ([]api.Member, error) { return r.membersOf(ctx, p.ws) })
	p.to = to
	return p, reason, err
}

// mayBeCustom reports whether a --field NAME may name a custom field: a
// custom field's wire name, or a name the field information does not hold
// (custom fields go there by their wire names, not the names given them).
func mayBeCustom(names itemref.Names, name string) bool {
	_, field := names.Fields[name]
	return store.IsCustomKey(name) || !field
}
