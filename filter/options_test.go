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
