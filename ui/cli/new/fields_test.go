package new

import (
	"reflect"
	"strings"
	"testing"

	"triage/api"
)

func TestFieldsOf(t *testing.T) {
	fi := api.FieldInfo{
		"severity":         {Name: "severity", Options: api.Options{Pairs: []api.Option{{Value: "fatal", Label: "致命"}, {Value: "serious", Label: "严重"}}}},
		"custom_field_one": {Name: "custom_field_one", Label: "Ledger", Options: api.Options{Pairs: []api.Option{{Value: "AR", Label: "AR"}}}},
		"module":           {Name: "module", Label: "模块"},
	}
	given := func(pairs ...string) fieldValues {
		var v fieldValues
		for _, p := range pairs {
			if err := v.Set(p); err != nil {
				t.Fatal(err)
			}
		}
		return v
	}
	custom := customReader{
		fields: func() ([]api.CustomField, error) {
			return []api.CustomField{{Field: "custom_field_two", Name: "客户", Type: "select", Enabled: true,
				Options: []api.Option{{Value: "海外", Label: "海外"}, {Value: "内部", Label: "内部"}}}}, nil
		},
		members: func() ([]api.Member, error) { return nil, nil },
	}
	tests := []struct {
		name  string
		kind  api.Kind
		given fieldValues
		want  map[string]string
		err   string
	}{
		{"a bug's owners, a severity by its label, a custom field by its label",
			api.Bug, given("owner=alice,bob", "severity=严重", "ledger=ar", "模块=Payments"),
			map[string]string{"current_owner": "alice;bob;", "severity": "serious", "custom_field_one": "AR", "module": "Payments"}, ""},
		{"a story's owner, no iteration", api.Story, given("owners=alice", "iteration=none"), map[string]string{"owner": "alice;"}, ""},
		{"a value the field does not have", api.Bug, given("severity=bad"), nil, `"bad" is not one of the workspace's values; it takes: fatal (致命), serious (严重)`},
		{"a field the kind does not have", api.Bug, given("team=core"), nil, "has no field of that name or label"},
		{"a story has no severity", api.Story, given("severity=fatal"), nil, "only bugs have a severity"},
		{"a custom field by the workspace's name", api.Story, given("客户=海外"), map[string]string{"custom_field_two": "海外"}, ""},
		{"a custom field by its wire name, none left empty", api.Story, given("custom_field_two=none"), nil, ""},
		{"a value not among a select's options", api.Story, given("客户=火星"), nil, `--field 客户: "火星" is not an option of 客户; choose 海外, 内部, none`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := fieldsOf(tt.kind, fi, tt.given, custom)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("fieldsOf = %v, %v; want an error with %q", got, err, tt.err)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("fieldsOf = %v, %v; want %v", got, err, tt.want)
			}
		})
	}
}

// TestFieldsOfReadsNoSettingsForKnownFields: fields every item has and
// fields of the field information by name cost no read of the custom
// field settings.
func TestFieldsOfReadsNoSettingsForKnownFields(t *testing.T) {
	var v fieldValues
	for _, p := range []string{"owner=alice", "severity=fatal", "module=Payments"} {
		if err := v.Set(p); err != nil {
			t.Fatal(err)
		}
	}
	fi := api.FieldInfo{"severity": {Name: "severity"}, "module": {Name: "module"}}
	read := customReader{fields: func() ([]api.CustomField, error) {
		t.Fatal("the custom field settings were read for fields the field information holds")
		return nil, nil
	}}
	got, err := fieldsOf(api.Bug, fi, v, read)
	if want := map[string]string{"current_owner": "alice;", "severity": "fatal", "module": "Payments"}; err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("fieldsOf = %v, %v; want %v", got, err, want)
	}
}

func TestFirstMissing(t *testing.T) {
	create := []api.TransitionField{{Name: "current_owner", Required: true}, {Name: "severity", Required: true}, {Name: "module"}}
	if name, ok := firstMissing(api.Bug, create, map[string]string{}, "demo"); ok || name != "severity" {
		t.Errorf("without a severity: %q, %v; want severity refused", name, ok)
	}
	if name, ok := firstMissing(api.Bug, create, map[string]string{"severity": "fatal"}, "demo"); !ok || name != "current_owner" {
		t.Errorf("without an owner: %q, %v; want the owner defaulted", name, ok)
	}
	if name, ok := firstMissing(api.Bug, create, map[string]string{"severity": "fatal"}, ""); ok || name != "current_owner" {
		t.Errorf("without an owner nor a user: %q, %v; want the owner refused", name, ok)
	}
	if name, ok := firstMissing(api.Bug, create, map[string]string{"severity": "fatal", "current_owner": "bob;"}, "demo"); !ok || name != "" {
		t.Errorf("with both: %q, %v; want nothing missing", name, ok)
	}
}
