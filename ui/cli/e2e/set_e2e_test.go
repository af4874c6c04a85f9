package e2e

import (
	"encoding/json"
	"strings"
	"testing"
)

// setResult is one line of `triage set --json`: what became of one item.
type setResult struct {
	Item   string `json:"item"`
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	Field  string `json:"field"`
	From   string `json:"from"`
	To     string `json:"to"`
	Theirs string `json:"theirs"`
	Result string `json:"result"`
	Reason string `json:"reason"`
}

// The results `triage set --json` reports that these tests look for.
const (
	resultApplied  = "applied"  // the service has the new value
	resultConflict = "conflict" // changed meanwhile: nothing written
)

// priorityOf reads an item's priority_label through triage view --json.
func priorityOf(r *statusRun, ws []string, id string) string {
	r.t.Helper()
	out, errOut, code := r.run("", ws, "view", id, "--json")
	if code != 0 {
		r.t.Fatalf("view %s: exit %d\n%s", id, code, errOut)
	}
	var it map[string]any
	if err := json.Unmarshal([]byte(out), &it); err != nil {
		r.t.Fatalf("view %s --json: %v\n%s", id, err, out)
	}
	return it["priority_label"].(string)
}

// TestSetAgainstServe: set writes through the outbox with the read before
// the write: a clean write, a conflict that writes nothing (exit 1), a dry
// run, and a stopped service (exit 3), which keeps nothing unless --queue.
func TestSetAgainstServe(t *testing.T) {
	r := newStatusRun(t)
	r.loginToken()
	ws := []string{"TRIAGE_WORKSPACE=10022001"}
	if got := priorityOf(r, ws, "story/4"); got != "High" {
		t.Fatalf("story 4 starts at %q, want High", got)
	}

	_, errOut, code := r.run("", ws, "set", "story/4", "story/5", "--priority", "low")
	if code != 0 || strings.Count(errOut, "✓") != 2 || !strings.Contains(errOut, `✓ story/4 (story 1110022001000000004) priority High → Low`) {
		t.Errorf("a clean write: exit %d\n%s", code, errOut)
	}
	if got := priorityOf(r, ws, "story/4"); got != "Low" {
		t.Errorf("after set, story 4 is %q, want Low", got)
	}

	out, errOut, code := r.run("", ws, "set", "story/4", "--priority", "Middle", "--if-priority", "High", "--json")
	var results []setResult
	if err := json.Unmarshal([]byte(out), &results); err != nil || code != 1 || len(results) != 1 ||
		results[0].Result != resultConflict || results[0].Theirs != "Low" {
		t.Errorf("a conflict: exit %d, %+v (%v)\n%s%s", code, results, err, out, errOut)
	}
	if got := priorityOf(r, ws, "story/4"); got != "Low" {
		t.Errorf("after a conflict, story 4 is %q, want Low as it was", got)
	}

	_, errOut, code = r.run("", ws, "set", "story/4", "--priority", "Urgent")
	if code != 1 || !strings.Contains(errOut, `refused: "Urgent" is not a priority of stories here; choose High, Middle, Low, Nice To Have, none`) {
		t.Errorf("an unknown priority: exit %d\n%s", code, errOut)
	}

	out, _, code = r.run("", ws, "set", "story/6", "--priority", "High", "--dry-run")
	if code != 0 || !strings.Contains(out, `would change story/6 (story 1110022001000000006) priority Middle → High`) {
		t.Errorf("--dry-run: exit %d\n%s", code, out)
	}
	if got := priorityOf(r, ws, "story/6"); got != "Middle" {
		t.Errorf("--dry-run changed story 6 to %q", got)
	}

	if err := r.s.stop(t); err != nil {
		t.Fatalf("serve did not stop cleanly: %v", err)
	}
	_, errOut, code = r.run("", ws, "set", "6", "--priority", "High")
	if code != 3 || !strings.Contains(errOut, "Nothing was changed or kept") {
		t.Errorf("a stopped service: exit %d\n%s", code, errOut)
	}
	out, _, _ = r.run("", ws, "log", "--json")
	if strings.Contains(out, `"state":"waiting"`) {
		t.Errorf("without --queue an edit was kept:\n%s", out)
	}
	_, errOut, code = r.run("", ws, "set", "6", "--kind", "story", "--priority", "High", "--if-priority", "Middle", "--queue")
	if code != 3 || !strings.Contains(errOut, "queued: kept in the outbox") {
		t.Errorf("a stopped service with --queue: exit %d\n%s", code, errOut)
	}
	out, _, _ = r.run("", ws, "log", "--json")
	if !strings.Contains(out, `"item_id":"1110022001000000006","from":"Middle","to":"High","seen_priority":"Middle","state":"waiting"`) {
		t.Errorf("with --queue the edit waits in the outbox, conditional on Middle:\n%s", out)
	}
}
