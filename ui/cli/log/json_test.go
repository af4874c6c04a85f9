package log

import (
	"encoding/json"
	"strings"
	"testing"

	"triage/api"
	"triage/store"
)

// TestLogJSONNamesTheKind: --json writes a service change's kind by its
// name, as it writes this machine's edits, so that a script reads "bug"
// on every line rather than 1 on some.
func TestLogJSONNamesTheKind(t *testing.T) {
	const ws = 10022001
	bug := "1110022001000000001"
	h := history{changes: []loggedChange{{api.ItemChange{ID: "1110022001000000007", Kind: api.Bug, ItemID: bug,
		Author: "alice", Created: "2026-11-27 01:53:00",
		Fields: []api.FieldChange{{Field: "status", Before: "new", After: "in_progress"}}}, ws}},
		titles: map[string]string{bug: "Login fails"}}
	edits := []store.Edit{{Kind: api.Bug, Op: store.OpPriority, ItemID: "1110022001000000002", WorkspaceID: ws,
		From: "low", To: "high", State: store.StateSent}}
	var out strings.Builder
	if err := h.writeJSON(&out, edits); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("--json printed %d lines, want 2:\n%s", len(lines), out.String())
	}
	for _, line := range lines {
		var got map[string]any
		if err := json.Unmarshal([]byte(line), &got); err != nil {
			t.Fatalf("--json printed %q: %v", line, err)
		}
		if got["kind"] != "bug" {
			t.Errorf("--json wrote kind %#v, want \"bug\": %s", got["kind"], line)
		}
	}
	if !strings.Contains(lines[1], `"source":"service"`) || !strings.Contains(lines[1], `"item_title":"Login fails"`) {
		t.Errorf("the service's change lacks its source or title: %s", lines[1])
	}
}
