package e2e

import (
	"encoding/json"
	"strings"
	"testing"
)

// fieldOf reads one field of an item through triage view --json.
func fieldOf(r *statusRun, ws []string, id, field string) string {
	r.t.Helper()
	out, errOut, code := r.run("", ws, "view", id, "--json")
	if code != 0 {
		r.t.Fatalf("view %s: exit %d\n%s", id, code, errOut)
	}
	var it map[string]any
	if err := json.Unmarshal([]byte(out), &it); err != nil {
		r.t.Fatalf("view %s --json: %v\n%s", id, err, out)
	}
	v, _ := it[field].(string)
	return v
}

// TestSetFieldsAgainstServe: set moves a status along the workflow and
// refuses an illegal move naming the allowed statuses (exit 1, nothing
// written, not even the comment asked with it); it writes two owners as
// TAPD's list, unplans an item, and appends a comment after the other
// changes.
func TestSetFieldsAgainstServe(t *testing.T) {
	r := newStatusRun(t)
	r.loginToken()
	ws := []string{"TRIAGE_WORKSPACE=10022001"}
	if got := fieldOf(r, ws, "story/4", "status"); got != "developing" {
		t.Fatalf("story 4 starts in %q, want developing", got)
	}

	_, errOut, code := r.run("", ws, "set", "story/4", "--status", "Rejected", "--comment", "rejecting it")
	if code != 1 || !strings.Contains(errOut, "refused: cannot go from Developing to Rejected; from Developing it can go to: Resolved, Planning") ||
		!strings.Contains(errOut, "not sent, as another change of this item was refused") {
		t.Errorf("an illegal move: exit %d\n%s", code, errOut)
	}
	if got := fieldOf(r, ws, "story/4", "status"); got != "developing" {
		t.Errorf("after an illegal move, story 4 is %q, want developing", got)
	}
	if out, _, _ := r.run("", ws, "view", "story/4", "--comments"); strings.Contains(out, "rejecting it") {
		t.Errorf("the comment of a refused change was written:\n%s", out)
	}

	out, _, code := r.run("", ws, "set", "story/4", "--status", "resolved", "--dry-run")
	if code != 0 || !strings.Contains(out, `would change story/4 (story 1110022001000000004) status Developing → Resolved`) {
		t.Errorf("a status --dry-run: exit %d\n%s", code, out)
	}

	_, errOut, code = r.run("", ws, "set", "story/4", "--status", "Resolved", "--owner", "alice,bob", "--comment", "shipped behind the flag")
	if code != 0 || !strings.Contains(errOut, `status Developing → Resolved`) || !strings.Contains(errOut, `owner none → alice, bob`) ||
		!strings.Contains(errOut, `comment "shipped behind the flag"`) {
		t.Errorf("a move, two owners and a comment: exit %d\n%s", code, errOut)
	}
	if got := fieldOf(r, ws, "story/4", "status"); got != "resolved" {
		t.Errorf("after the move, story 4 is %q, want resolved", got)
	}
	if got := fieldOf(r, ws, "story/4", "owner"); got != "alice;bob;" {
		t.Errorf("story 4's owners are %q, want alice;bob;", got)
	}
	if out, _, code := r.run("", ws, "set", "story/4", "--owner", "bob;alice", "--dry-run"); code != 0 || !strings.Contains(out, `owner is already bob, alice`) {
		t.Errorf("the same owners in another order: exit %d\n%s", code, out)
	}
	if out, _, _ := r.run("", ws, "view", "story/4", "--comments"); !strings.Contains(out, "shipped behind the flag") {
		t.Errorf("the comment is not on story 4:\n%s", out)
	}

	_, errOut, code = r.run("", ws, "set", "story/6", "--owner", "zed")
	if code != 1 || !strings.Contains(errOut, `refused: "zed" is not a member of the workspace; choose among demo, alice, bob`) {
		t.Errorf("an owner who is not a member: exit %d\n%s", code, errOut)
	}

	if got := fieldOf(r, ws, "story/1", "iteration_id"); got == "0" || got == "" {
		t.Fatalf("story 1 starts unplanned (%q); the test needs a planned one", got)
	}
	out, _, code = r.run("", ws, "set", "story/1", "--iteration", "none", "--json")
	var results []setResult
	if err := json.Unmarshal([]byte(out), &results); err != nil || code != 0 || len(results) != 1 ||
		results[0].Field != "iteration" || results[0].Result != resultApplied || results[0].To != "" {
		t.Errorf("unplanning: exit %d, %+v (%v)\n%s", code, results, err, out)
	}
	if got := fieldOf(r, ws, "story/1", "iteration_id"); got != "0" {
		t.Errorf("after unplanning, story 1's iteration is %q, want 0", got)
	}
	_, errOut, code = r.run("", ws, "set", "story/1", "--iteration", "Sprint 9")
	if code != 1 || !strings.Contains(errOut, `refused: "Sprint 9" is not an iteration of the workspace; choose Sprint 6`) {
		t.Errorf("an unknown iteration: exit %d\n%s", code, errOut)
	}
}
