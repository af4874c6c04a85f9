package api

import (
	"cmp"
	"context"
	"slices"
	"strconv"
	"strings"
)

// CustomField is one of the fields a workspace defines for a kind
// (story/get_story_custom_fields_settings and the bug and task pages): its
// wire name on items (custom_field_one, custom_field_9 …), the name the
// workspace gave it, its type and, for a select, its options.
type CustomField struct {
	Field   string // the wire name: "custom_field_one"
	Name    string // as the workspace names it: "Customer", "来源渠道"
	Type    string // TAPD's html type: "select", "multi_select", "checkbox", "user_chooser", "datetime", "date", "input", "textarea"
	Options []Option
	Enabled bool
	sort    int
}

// The kinds of value a custom field holds, by TAPD's type.
const (
	CustomSelect = "select"
	CustomMulti  = "multi_select"
	CustomMember = "user_chooser"
	CustomDate   = "date"
	CustomText   = "input"
)

// Holds is the kind of value the field holds: CustomSelect (one option;
// TAPD's select and radio), CustomMulti (options joined by "|"; multi_select
// and checkbox), CustomMember (nicks "a;b;"), CustomDate (date and
// datetime), else CustomText.
func (f CustomField) Holds() string {
	switch f.Type {
	case "select", "radio":
		return CustomSelect
	case "multi_select", "checkbox":
		return CustomMulti
	case "user_chooser":
		return CustomMember
	case "date", "datetime":
		return CustomDate
	}
	return CustomText
}

// Option is the option of a select named v, by value or by label.
func (f CustomField) Option(v string) (Option, bool) {
	v = strings.TrimSpace(v)
	for _, o := range f.Options {
		if o.Value == v || o.Label == v {
			return o, true
		}
	}
	return Option{}, false
}

// CustomFields reads the custom field settings of a kind in a workspace
// (GET /{kind}/custom_fields_settings), in the workspace's order, enabled or
// not. A workspace that defines none answers an empty list.
func (c *Client) CustomFields(ctx context.Context, workspaceID int64, kind Kind) ([]CustomField, error) {
	op := Say("read the custom fields of %s", Say(kind.Plural()))
	if err := checkTarget(op, kind, workspaceID); err != nil {
		return nil, err
	}
	env, err := c.get(ctx, op, "/"+kind.Path()+"/custom_fields_settings", workspaceQuery(workspaceID))
	if err != nil {
		return nil, err
	}
	if isEmptyList(env.Data) || isObject(env.Data) {
		return nil, nil
	}
	var raw []struct {
		CustomFieldConfig struct {
			CustomField FlexString  `json:"custom_field"`
			Type        FlexString  `json:"type"`
			Name        FlexString  `json:"name"`
			Options     *FlexString `json:"options"`
			Enabled     FlexString  `json:"enabled"`
			Sort        FlexString  `json:"sort"`
		} `json:"CustomFieldConfig"`
	}
	if err := env.DecodeData(&raw); err != nil {
		return nil, shapeError(op, env.Data, `a list of {"CustomFieldConfig":{custom_field, type, name, options, enabled}}`, err)
	}
	out := make([]CustomField, 0, len(raw))
	for _, r := range raw {
		cfg := r.CustomFieldConfig
		if cfg.CustomField == "" {
			continue
		}
		f := CustomField{Field: string(cfg.CustomField), Name: string(cfg.Name), Type: string(cfg.Type),
			Enabled: cfg.Enabled != "0"}
		f.sort, _ = strconv.Atoi(string(cfg.Sort))
		if f.Name == "" {
			f.Name = f.Field
		}
		if cfg.Options != nil {
			f.Options = customOptions(string(*cfg.Options))
		}
		out = append(out, f)
	}
	slices.SortStableFunc(out, func(a, b CustomField) int { return cmp.Compare(a.sort, b.sort) })
	return out, nil
}

// customOptions reads a setting's options, a JSON text of value → label;
// an empty object (a member field), null or text that is not an object
// gives none.
func customOptions(text string) []Option {
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "{") {
		return nil
	}
	pairs, err := decodeOrderedPairs([]byte(text))
	if err != nil {
		return nil
	}
	return pairs
}

// EnabledCustomFields are the enabled fields of a list of settings.
func EnabledCustomFields(all []CustomField) []CustomField {
	return slices.DeleteFunc(slices.Clone(all), func(f CustomField) bool { return !f.Enabled })
}

// CustomFieldNamed is the field of a list named name: by the workspace's
// name (case does not matter) or by its wire name.
func CustomFieldNamed(all []CustomField, name string) (CustomField, bool) {
	name = strings.TrimSpace(name)
	for _, f := range all {
		if strings.EqualFold(f.Name, name) || f.Field == name {
			return f, true
		}
	}
	return CustomField{}, false
}

// Shown names a value of the field as a person reads it: a select's options
// by their labels, a member field's nicks "a, b"; "" for none.
func (f CustomField) Shown(v string) string {
	v = strings.TrimSpace(v)
	switch f.Holds() {
	case CustomMember:
		return strings.Join(strings.FieldsFunc(v, func(r rune) bool { return r == ';' || r == ',' || r == ' ' }), ", ")
	case CustomSelect:
		if o, ok := f.Option(v); ok {
			return o.Label
		}
	case CustomMulti:
		parts := strings.Split(v, "|")
		for i, p := range parts {
			if o, ok := f.Option(p); ok {
				parts[i] = o.Label
			}
		}
		return strings.Join(parts, ", ")
	}
	return v
}
