package filter

import (
	"reflect"
	"testing"
	"time"

	"triage/api"
)

// customFields are a Chinese-named select, a member and a text field.
func customFields() []api.CustomField {
	return []api.CustomField{
		{Field: "custom_field_one", Name: "来源渠道", Type: "select", Enabled: true,
			Options: []api.Option{{Value: "客户反馈", Label: "客户反馈"}, {Value: "内部", Label: "内部"}}},
		{Field: "custom_field_four", Name: "Product owner", Type: "user_chooser", Enabled: true},
		{Field: "custom_field_two", Name: "Estimate", Type: "input", Enabled: true},
	}
}

// TestFilterByCustomFieldNames: a term names a custom field by the
// workspace's name or as cf:NAME:value, in any case; a select matches by its
// option, a member field by nick, "none" an empty value, and a negated term
// the others. A name the workspace does not define stays text, or after cf:
// is named with the fields it may name; a select's value matching no option
// is said.
func TestFilterByCustomFieldNames(t *testing.T) {
	items := map[string]map[string]string{
		"a": {"custom_field_one": "客户反馈", "custom_field_four": "alice;bob;", "custom_field_two": "3"},
		"b": {"custom_field_one": "内部", "custom_field_four": "carol;"},
		"c": {},
	}
	tests := []struct {
		query   string
		want    []string
		problem string
	}{
		{"来源渠道:客户反馈", []string{"a"}, ""},
		{"来源渠道:客户", []string{"a"}, ""},
		{"cf:来源渠道:内部", []string{"b"}, ""},
		{"-来源渠道:客户反馈", []string{"b", "c"}, ""},
		{"来源渠道:none", []string{"c"}, ""},
		{`"product owner":bob`, []string{"a"}, ""},
		{`cf:"product owner":carol|alice`, []string{"a", "b"}, ""},
		{"ESTIMATE:3", []string{"a"}, ""},
		{"cf:team:x", []string{"a", "b", "c"}, "cf:team: no custom field is named team (its custom fields: 来源渠道, Product owner, Estimate)"},
		{"来源渠道:", []string{"a", "b", "c"}, "来源渠道: needs a value, e.g. 来源渠道:客户反馈"},
		{"来源渠道:海外", nil, "来源渠道:海外 matches no option of 来源渠道 (客户反馈, 内部)"},
	}
	for _, tt := range tests {
		q := ParseWith(tt.query, "", time.Now(), customFields())
		var got []string
		for _, id := range []string{"a", "b", "c"} {
			values := items[id]
			if q.Match(Item{ID: id, Get: func(f string) string { return values[f] }}) {
				got = append(got, id)
			}
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%q passes %v, want %v", tt.query, got, tt.want)
		}
		problems := append(q.ProblemsWith(&Options{}), q.Unmatched(&Options{})...)
		problem := ""
		if len(problems) > 0 {
			problem = problems[0]
		}
		if problem != tt.problem {
			t.Errorf("%q: problem %q, want %q", tt.query, problem, tt.problem)
		}
	}
	if q := ParseWith("foo:bar", "", time.Now(), customFields()); len(q.Words) != 1 || len(q.Problems) != 1 {
		t.Errorf("foo:bar with custom fields: words %v problems %v, want text and the problem", q.Words, q.Problems)
	}
}

// TestCompleteOffersCustomFields: tab completes a custom field's name
// among the fields, a select's options by label after its name, and the
// owners for a member field.
func TestCompleteOffersCustomFields(t *testing.T) {
	o := Options{Owners: []string{"alice", "bob"}, Custom: []api.CustomField{
		{Field: "custom_field_one", Name: "客户", Type: "select", Enabled: true,
			Options: []api.Option{{Value: "华东大区", Label: "华东大区"}, {Value: "华南大区", Label: "华南大区"}, {Value: "海外", Label: "海外"}}},
		{Field: "custom_field_four", Name: "Product owner", Type: "user_chooser", Enabled: true},
	}}
	tests := []struct {
		typed, want string
		fit         []string
	}{
		{"客", "客户:", []string{"客户:"}},
		{"bug pro", `bug "Product owner":`, []string{`"Product owner":`}},
		{"客户:华", "客户:华", []string{"华东大区", "华南大区"}},
		{"客户:海", "客户:海外", []string{"海外"}},
		{"-客户:华东大区,海", "-客户:华东大区,海外", []string{"海外"}},
		{`"product owner":b`, `"product owner":bob`, []string{"bob"}},
	}
	for _, tt := range tests {
		got, fit := o.Complete(tt.typed, false)
		if got != tt.want || !reflect.DeepEqual(fit, tt.fit) {
			t.Errorf("Complete(%q) = %q, %v; want %q, %v", tt.typed, got, fit, tt.want, tt.fit)
		}
	}
}
