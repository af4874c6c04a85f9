package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"triage/api"
)

// TestSetClosesTwentyDuplicates: a move whose transition asks for a field
// names it and the flag that gives it, and writes nothing; with --field
// the twenty bugs are rejected as duplicates in one run: their lookup,
// field information and workflow read once, the bugs read once before
// the writes (4 reads), one write each.
func TestSetClosesTwentyDuplicates(t *testing.T) {
	f := newFrontDoor(t)
	home := t.TempDir()
	f.login(home)
	env := f.env(home)
	out, errOut, code := runBinary(t, env, "", "list", "--kind", "bug", "status:new", "--json", "--columns", "id")
	var rows []struct{ ID string }
	if err := json.Unmarshal([]byte(out), &rows); err != nil || code != 0 || len(rows) < 20 {
		t.Fatalf("new bugs: exit %d, %d (%v)\n%s", code, len(rows), err, errOut)
	}
	args := []string{"set", "--status", "rejected"}
	for _, r := range rows[:20] {
		args = append(args, "bug/"+api.ShortID(r.ID))
	}
	f.requests()

	_, errOut, code = runBinary(t, env, "", args...)
	want := "asks for resolution: pass --field resolution=VALUE (fixed, postponed, by design, duplicated, not reproducible, won't fix)"
	if code != 1 || strings.Count(errOut, want) != 20 || !strings.Contains(errOut, "the move from New to Rejected "+want) {
		t.Errorf("without the resolution: exit %d\n%s", code, errOut)
	}
	if n := count(f.requests(), "POST"); n != 0 {
		t.Errorf("%d writes without the resolution", n)
	}

	_, errOut, code = runBinary(t, env, "", append(args, "--field", "resolution=duplicated", "--field", "reason=duplicate")...)
	if code != 1 || !strings.Contains(errOut, "the move from New to Rejected takes no reason; it takes current_owner, resolution") {
		t.Errorf("a field the move does not take: exit %d\n%s", code, errOut)
	}
	f.requests()

	_, errOut, code = runBinary(t, env, "", append(args, "--field", "resolution=duplicated")...)
	reqs := f.requests()
	if code != 0 || strings.Count(errOut, "status New → Rejected") != 20 {
		t.Errorf("with the resolution: exit %d\n%s", code, errOut)
	}
	writes, reads := count(reqs, "POST"), count(reqs, "GET")
	t.Logf("rejecting 20 bugs: %d reads, %d writes", reads, writes)
	if writes != 20 || reads > 4 {
		t.Errorf("rejecting 20 bugs took %d reads and %d writes, want at most 4 and 20:\n%s", reads, writes, strings.Join(reqs, "\n"))
	}
	out, _, _ = runBinary(t, env, "", "list", "--kind", "bug", "--json", "--columns", "id,status", "status:rejected")
	for _, r := range rows[:20] {
		if !strings.Contains(out, fmt.Sprintf(`"id":"%s"`, r.ID)) {
			t.Errorf("bug %s is not rejected:\n%s", r.ID, out)
		}
	}
	out, _, _ = runBinary(t, env, "", "view", "bug/"+api.ShortID(rows[0].ID), "--json")
	if !strings.Contains(out, `"resolution":"duplicated"`) {
		t.Errorf("the first bug has no resolution duplicated:\n%s", out)
	}
}
