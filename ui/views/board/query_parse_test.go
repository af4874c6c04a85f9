package board

import (
	"slices"
	"strings"
	"testing"

	"triage/api"
)

// TestFilterMatchesByPrefixAndSaysWhy: values match names and codes by
// prefix in any case, -term negates, #N is one item, and a value that
// matches no option of the workspace is called out on the filter line.
func TestFilterMatchesByPrefixAndSaysWhy(t *testing.T) {
	svc := newFakeService()
	fields := svc.fields[api.Bug]
	fields["status"] = api.Field{Name: "status", Options: api.Options{Pairs: []api.Option{
		{Value: "new", Label: "New"}, {Value: "in_progress", Label: "In progress"}, {Value: "resolved", Label: "Resolved"},
		{Value: "reopened", Label: "Reopened"}, {Value: "closed", Label: "Closed"}}}}
	tests := []struct {
		query   string
		want    []string
		problem string
	}{
		{`status:"In progress"`, []string{"1002"}, ""},
		{`status:in_progress`, []string{"1002"}, ""},
		{`status:IN`, []string{"1002"}, ""},
		{`status:re`, []string{"1006", "1004"}, ""},
		{`-status:new -status:re`, []string{"1002", "1009"}, ""},
		{`owner:li`, []string{"1008", "1002"}, ""},
		{`prio:URG`, []string{"1001", "1006"}, ""},
		{`#1003`, []string{"1003"}, ""},
		{`#100`, nil, ""},
		{`status:zzz`, nil, "✗ status:zzz matches no status here (New, In progress, Resolved, Reopened, Closed)"},
		{`owner:nobody`, nil, "✗ owner:nobody matches no owner here (anyechen, bob, lily, zhao, 王小明)"},
		{`foo:bar`, nil, "✗ foo: is not a field, searched as text (use status: owner: prio: iter: created: modified: severity: creator: reporter: is: new: changed: #id -term)"},
	}
	for _, tt := range tests {
		h := newHarness(t, svc, true, 200, 40).load().keys("tab", "/")
		h.m.filter.SetValue(tt.query)
		h.m.applyQuery(tt.query)
		if got := shownIDs(h); !slices.Equal(got, tt.want) {
			t.Errorf("%q shows %v, want %v", tt.query, got, tt.want)
		}
		screen := h.screen()
		if tt.problem != "" && !strings.Contains(screen, tt.problem) {
			t.Errorf("%q: the filter line does not say %q:\n%s", tt.query, tt.problem, firstLines(screen, 3))
		}
		if tt.problem == "" && strings.Contains(screen, "✗") {
			t.Errorf("%q: the filter line gives a problem:\n%s", tt.query, firstLines(screen, 3))
		}
	}
}

// TestFilterTabCompletes: tab completes a field's name, then a value from
// the field information (quoted when it has spaces), and lists the choices
// when several fit.
func TestFilterTabCompletes(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 200, 40).load().keys("/")
	for _, step := range []struct{ typed, want, hint string }{
		{"pr", "prio:", ""},
		{"n", "prio:n", "tab: none, Nice To Have"},
		{"i", `prio:"Nice To Have"`, ""},
		{" ow", `prio:"Nice To Have" owner:`, ""},
		{"", `prio:"Nice To Have" owner:`, "tab: @me, anyechen"},
		{"@", `prio:"Nice To Have" owner:@me`, ""},
	} {
		for _, r := range step.typed {
			h.keys(string(r))
		}
		h.keys("tab")
		if got := h.m.filter.Value(); got != step.want {
			t.Errorf("after %q and tab the filter is %q, want %q", step.typed, got, step.want)
		}
		if step.hint != "" && !strings.Contains(h.screen(), step.hint) {
			t.Errorf("after %q and tab the line does not list %q:\n%s", step.typed, step.hint, firstLines(h.screen(), 3))
		}
	}
	if got := shownIDs(h); !slices.Equal(got, []string{"2005"}) {
		t.Errorf("the completed filter shows %v, want the Nice To Have story", got)
	}
}

// firstLines is the top of a screen.
func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
