package api_test

import (
	"context"
	"testing"

	"triage/api"
)

// TestCustomFieldsFromTheSandbox reads each kind's custom field settings of
// Atlas Web and 星河移动: the names the workspace gave, their types and a
// select's options in the workspace's order.
func TestCustomFieldsFromTheSandbox(t *testing.T) {
	c, _ := startSandbox(t)
	for _, tc := range []struct {
		ws                 int64
		kind               api.Kind
		field, name, holds string
		options            []string
	}{
		{workspace, api.Story, "custom_field_one", "Customer", api.CustomSelect, []string{"Acme", "Globex", "Initech", "Umbrella", "Hooli"}},
		{workspace, api.Story, "custom_field_four", "Product owner", api.CustomMember, nil},
		{workspace, api.Bug, "custom_field_two", "Affected users", api.CustomText, nil},
		{workspace, api.Task, "custom_field_three", "Reviewer", api.CustomMember, nil},
		{10022002, api.Story, "custom_field_one", "客户", api.CustomSelect, []string{"华东大区", "华南大区", "海外", "内部"}},
	} {
		all, err := c.CustomFields(context.Background(), tc.ws, tc.kind)
		if err != nil {
			t.Fatalf("%s of %d: %v", tc.kind, tc.ws, err)
		}
		f, ok := api.CustomFieldNamed(all, tc.name)
		if !ok || f.Field != tc.field || f.Holds() != tc.holds || !f.Enabled {
			t.Errorf("%s of %d named %q: %+v (found %v), want %s holding %s", tc.kind, tc.ws, tc.name, f, ok, tc.field, tc.holds)
			continue
		}
		var got []string
		for _, o := range f.Options {
			got = append(got, o.Label)
		}
		if len(got) != len(tc.options) {
			t.Errorf("%s %s options %v, want %v", tc.kind, tc.name, got, tc.options)
		}
		for i := range got {
			if i < len(tc.options) && got[i] != tc.options[i] {
				t.Errorf("%s %s options %v, want %v", tc.kind, tc.name, got, tc.options)
				break
			}
		}
	}
	all, err := c.CustomFields(context.Background(), workspace, api.Story)
	if err != nil || len(api.EnabledCustomFields(all)) != 4 {
		t.Errorf("Atlas Web stories: %d enabled custom fields (%v), want 4", len(api.EnabledCustomFields(all)), err)
	}
}
