package new

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// aliases are the names --field takes for the fields every item has, as
// `triage set` names them, to the service's name ("" the kind's owner
// field).
var aliases = map[string]string{
	"owner": "", "owners": "", "current_owner": "",
	"iteration": "iteration_id", "iteration_id": "iteration_id",
	"severity": "severity",
}

// fieldsOf are the --field values as the service takes them: a name or an
// alias of the kind's field information; a custom field by the workspace's
// name or its wire name, its value checked as `triage set --field` checks
// it (itemref.CustomValue); a field's label ("Ledger"); a value among a
// field's options by its value or label; owners as TAPD's list; an
// iteration by id or name, none for none. The custom field settings are
// read (custom) only for a name the field information does not hold.
func fieldsOf(k api.Kind, fi api.FieldInfo, given fieldValues, custom customReader) (map[string]string, error) {
	var out map[string]string
	for _, name := range given.names {
		value := given.values[name]
		f, ok, err := custom.named(k, fi, name)
		if err != nil {
			return nil, err
		}
		if ok {
			if strings.EqualFold(strings.TrimSpace(value), itemref.NoPriority) {
				continue
			}
			to, refused, err := itemref.CustomValue(f, value, custom.members)
			if err != nil {
				return nil, err
			}
			if !refused.None() {
				return nil, fmt.Errorf("--field %s: %s", name, refused.Shown)
			}
			out = withField(out, f.Field, to)
			continue
		}
		wire, err := wireName(k, fi, name)
		if err != nil {
			return nil, err
		}
		switch {
		case wire == k.OwnerField():
			value = store.JoinOwners(store.Owners(value))
		case wire == "iteration_id" && strings.EqualFold(value, "none"):
			continue
		case len(fi[wire].Options.Pairs) > 0:
			v, ok := optionOf(fi[wire].Options.Pairs, value)
			if !ok {
				return nil, errors.New(i18n.Tf("--field %s: %q is not one of the workspace's values; it takes: %s", name, value, optionList(fi[wire].Options.Pairs)))
			}
			value = v
		}
		out = withField(out, wire, value)
	}
	return out, nil
}

// customReader reads a kind's custom field settings and the workspace's
// members, each once and only when a --field needs them.
type customReader struct {
	fields  func() ([]api.CustomField, error)
	members func() ([]api.Member, error)
}

// named is the custom field --field NAME names: none for an alias or a
// field of the field information by its name (no settings are read for
// those), else by the workspace's name or its wire name.
func (c customReader) named(k api.Kind, fi api.FieldInfo, name string) (api.CustomField, bool, error) {
	if _, alias := aliases[strings.ToLower(name)]; alias {
		return api.CustomField{}, false, nil
	}
	if _, known := fi[name]; known && !store.IsCustomKey(name) {
		return api.CustomField{}, false, nil
	}
	all, err := c.fields()
	if err != nil {
		return api.CustomField{}, false, err
	}
	f, ok := api.CustomFieldNamed(all, name)
	return f, ok, nil
}

// wireName is the service's name of a field --field names.
func wireName(k api.Kind, fi api.FieldInfo, name string) (string, error) {
	lower := strings.ToLower(name)
	if wire, ok := aliases[lower]; ok {
		if wire == "" {
			return k.OwnerField(), nil
		}
		if wire == "severity" && k != api.Bug {
			return "", fmt.Errorf("%w: %s", wiring.ErrUsage, i18n.T("--field severity: only bugs have a severity"))
		}
		return wire, nil
	}
	if _, ok := fi[name]; ok {
		return name, nil
	}
	for _, key := range slices.Sorted(maps.Keys(fi)) {
		if strings.EqualFold(fi[key].Label, name) {
			return key, nil
		}
	}
	return "", fmt.Errorf("%w: %s", wiring.ErrUsage, i18n.Tf("--field %s: a %s of this workspace has no field of that name or label", name, i18n.T(k.String())))
}

// optionOf is the option s names, by value or label in any case.
func optionOf(pairs []api.Option, s string) (string, bool) {
	for _, o := range pairs {
		if strings.EqualFold(o.Value, s) || strings.EqualFold(o.Label, s) {
			return o.Value, true
		}
	}
	return "", false
}

// optionList names options for a message: the value, with its label when
// it says more.
func optionList(pairs []api.Option) string {
	var names []string
	for _, o := range pairs {
		if o.Label != "" && !strings.EqualFold(o.Label, o.Value) {
			names = append(names, fmt.Sprintf("%s (%s)", o.Value, o.Label))
		} else {
			names = append(names, o.Value)
		}
	}
	return strings.Join(names, ", ")
}

// priorityOf is the priority --priority names; "" none.
func priorityOf(opts []api.PriorityOption, s string) (string, error) {
	if s = strings.TrimSpace(s); s == "" || strings.EqualFold(s, itemref.NoPriority) {
		return "", nil
	}
	if len(opts) == 0 {
		return s, nil
	}
	pairs := make([]api.Option, 0, len(opts))
	for _, o := range opts {
		pairs = append(pairs, api.Option{Value: o.Value, Label: o.Label})
	}
	if v, ok := optionOf(pairs, s); ok {
		return v, nil
	}
	return "", errors.New(i18n.Tf("--priority: %q is not one of the workspace's priorities; it takes: %s, none", s, optionList(pairs)))
}

// withField is fields with name set to value.
func withField(fields map[string]string, name, value string) map[string]string {
	if fields == nil {
		fields = map[string]string{}
	}
	fields[name] = value
	return fields
}

// firstMissing checks the fields the creation step requires: ok false with
// the first one not given; a missing owner is no refusal but named, as it
// defaults to who creates the item (as the board's n offers).
func firstMissing(k api.Kind, create []api.TransitionField, fields map[string]string, user string) (name string, ok bool) {
	owner := ""
	for _, f := range create {
		if !f.Required || strings.TrimSpace(fields[f.Name]) != "" {
			continue
		}
		if f.Name != k.OwnerField() || user == "" {
			return f.Name, false
		}
		owner = f.Name
	}
	return owner, true
}

// refuseMissing is the error of a required field not given: it names the
// field, the workspace and the values it takes.
func refuseMissing(ctx context.Context, t *wiring.Target, ws int64, k api.Kind, fi api.FieldInfo, name string) error {
	where := i18n.Tf("workspace %d", ws)
	if info, err := t.Client.WorkspaceInfo(ctx, ws); err == nil && info.Name != "" {
		where = string(info.Name)
	}
	if pairs := fi[name].Options.Pairs; len(pairs) > 0 {
		return errors.New(i18n.Tf("%s is required in %s: a new %s is made only with it; give --field %s=VALUE; it takes: %s", name, where, i18n.T(k.String()), name, optionList(pairs)))
	}
	return errors.New(i18n.Tf("%s is required in %s: a new %s is made only with it; give --field %s=VALUE", name, where, i18n.T(k.String()), name))
}
