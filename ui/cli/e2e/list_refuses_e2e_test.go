package e2e

import (
	"strings"
	"testing"
)

// TestListIsNeverSilentlyEmpty: a filter value that matches nothing the
// workspace has, or a column that is no column, is an error naming it and
// what can be used (exit 2), as the board flags the same filter; an owner
// of the items or a member who owns nothing is a value the filter takes.
func TestListIsNeverSilentlyEmpty(t *testing.T) {
	env := scriptService(t)
	for _, tt := range []struct {
		args []string
		code string
		says string
	}{
		{[]string{"list", "--kind", "bug", "owner:zoe"}, "# exit 2",
			"triage: the filter: owner:zoe matches no owner here (alice, bob, demo)"},
		{[]string{"list", "--kind", "bug", "--columns", "id,titel"}, "# exit 2",
			`triage: --columns: "titel" is not a column (did you mean title?): use id, full_id, kind, title, priority, status, owner, iteration, severity, created, modified, url, or a field of the bugs here (`},
		{[]string{"list", "--kind", "bug", "iter:sprint99"}, "# exit 2",
			"triage: the filter: iter:sprint99 matches no iteration here (none, @current, @next, "},
		{[]string{"list", "--kind", "bug", "owner:bo", "--columns", "id,severity,current_owner", "--limit", "1"}, "# exit 0", ""},
	} {
		out := runScript(t, env, false, tt.args...)
		stderr := out[strings.Index(out, "# stderr\n")+len("# stderr\n"):]
		if !strings.Contains(out, tt.code) || !strings.HasPrefix(stderr, tt.says) {
			t.Errorf("%v: want %s and stderr starting %q:\n%s", tt.args, tt.code, tt.says, out)
		}
		if tt.code == "# exit 0" && strings.Count(out[strings.Index(out, "# stdout\n"):strings.Index(out, "# stderr")], "\t") != 2 {
			t.Errorf("%v: want one row of three cells:\n%s", tt.args, out)
		}
	}
}
