package filter

import (
	"slices"
	"strings"
	"testing"
)

// TestOptionsCompleteAndCheck: tab completes field names and the
// workspace's values, members included; a value matching no option is
// named, and owners are not checked while they are not known.
func TestOptionsCompleteAndCheck(t *testing.T) {
	o := Options{
		Statuses:   []Option{{"Planning", "planning"}, {"In progress", "in_progress"}},
		Priorities: []Option{{Name: "none"}, {"High", "high"}, {"Nice To Have", "nice"}},
		Owners:     Owners("demo", []string{"zoe", "alice"}, slices.Values([]string{"alice;bob;", ""})),
	}
	if want := []string{"alice", "bob", "demo", "zoe"}; !slices.Equal(o.Owners, want) {
		t.Errorf("owners %v, want %v", o.Owners, want)
	}
	for _, tt := range []struct {
		typed, want, fit string
	}{
		{"st", "status:", "status:"},
		{"status:in", `status:"In progress"`, "In progress"},
		{"-prio:n", `-prio:n`, "none, Nice To Have"},
		{"crash owner:z", "crash owner:zoe", "zoe"},
		{"owner:alice|b", "owner:alice|bob", "bob"},
		{"foo:x", "foo:x", ""},
	} {
		got, fit := o.Complete(tt.typed, true)
		if got != tt.want || strings.Join(fit, ", ") != tt.fit {
			t.Errorf("%q: completes to %q with %q, want %q with %q", tt.typed, got, strings.Join(fit, ", "), tt.want, tt.fit)
		}
	}
	if _, fit := o.Complete("owner:", true); fit[0] != "@me" {
		t.Errorf("owner: for a person offers %v, want @me first", fit)
	}
	q := Parse("status:done owner:zo owner:nobody prio:hi", "")
	want := "status:done matches no status here (Planning, In progress); owner:nobody matches no owner here (alice, bob, demo, zoe)"
	if got := strings.Join(q.Unmatched(&o), "; "); got != want {
		t.Errorf("unmatched:\n got %q\nwant %q", got, want)
	}
	o.Owners = nil
	if got := q.Unmatched(&o); len(got) != 1 {
		t.Errorf("with owners unknown, unmatched is %v, want only the status", got)
	}
}

// TestIterationValuesAreChecked: once the iterations are known, an alias no
// iteration is today, a word that is no alias, and a name no iteration has
// are each named; none, ids and names pass; unknown iterations are not
// checked.
func TestIterationValuesAreChecked(t *testing.T) {
	o := Options{Iterations: []Option{{"Sprint 3", "13"}}, Today: "2026-11-26"}
	q := Parse(`iter:@current|@next|@later|none|13|"sprint 3"|sprint9`, "")
	q.IterAlias = map[string]string{"@next": "13"}
	want := "iter:@current: no open iteration is current on 2026-11-26 here; name one (iter:NAME) or use iter:none; " +
		"iter:@later is not an alias: use iter:@current or iter:@next; " +
		"iter:sprint9 matches no iteration here (none, @current, @next, Sprint 3)"
	if got := strings.Join(q.Unmatched(&o), "; "); got != want {
		t.Errorf("unmatched:\n got %q\nwant %q", got, want)
	}
	o.Iterations = nil
	if got := q.Unmatched(&o); len(got) != 0 {
		t.Errorf("with the iterations not read, unmatched is %v", got)
	}
}

// TestBlankTermsSuggestTheWorkspacesValues: a field typed without a value
// gives an example of this workspace's values, the language's own when it
// names none.
func TestBlankTermsSuggestTheWorkspacesValues(t *testing.T) {
	q := Parse("crash status: prio: owner: iter:", "")
	bugs := Options{Statuses: []Option{{"New", "new"}}, Priorities: []Option{{Name: "none"}, {"紧急", "urgent"}}}
	want := "status: needs a value, e.g. status:new; prio: needs a value, e.g. prio:紧急; " +
		"owner: needs a value, e.g. owner:alice; iter: needs a value, e.g. iter:@current"
	if got := strings.Join(q.ProblemsWith(&bugs), "; "); got != want {
		t.Errorf("problems:\n got %q\nwant %q", got, want)
	}
	if got := q.Problems[0]; got != "status: needs a value, e.g. status:developing" {
		t.Errorf("without options the problem is %q", got)
	}
}
