package log

import (
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/cli/wiring"
)

// TestLogListsEachChangeOnce: the log's entries from a service history and
// this machine's outbox. This machine's priority move, which a bug's
// history records as two entries (priority_label and the legacy priority,
// as the local service did, with another item's change of the same second
// between them), is one line marked "you"; another person's
// story move recorded with both fields is one line; a story change and a
// bug change that share an id (ids count per kind) are both listed; values
// are the board's labels (高, In progress, "bob, demo"), never codes.
func TestLogListsEachChangeOnce(t *testing.T) {
	const ws = 10022001
	at := "2026-11-27 01:50:43"
	opt := func(pairs ...string) api.Field {
		var f api.Field
		for i := 0; i < len(pairs); i += 2 {
			f.Options.Pairs = append(f.Options.Pairs, api.Option{Value: pairs[i], Label: pairs[i+1]})
		}
		return f
	}
	names := logNames{
		{ws, api.Bug}:   {"priority_label": opt("high", "高", "low", "低"), "status": opt("new", "New", "in_progress", "In progress")},
		{ws, api.Story}: {"priority_label": opt("High", "High", "Low", "Low")},
	}
	bug := "1110022001000000001"
	story := "1110022001000000003"
	task := "1110022001000000009"
	changes := []loggedChange{
		{api.ItemChange{ID: "1110022001000000001", Kind: api.Bug, ItemID: bug, Author: "demo", Created: at,
			Fields: []api.FieldChange{{Field: "priority", Before: "low", After: "high"}}}, ws},
		{api.ItemChange{ID: "1110022001000000001", Kind: api.Task, ItemID: task, Author: "erin", Created: at,
			Fields: []api.FieldChange{{Field: "name", Before: "Old", After: "Checklist"}}}, ws},
		{api.ItemChange{ID: "1110022001000000002", Kind: api.Bug, ItemID: bug, Author: "demo", Created: at,
			Fields: []api.FieldChange{{Field: "priority_label", Before: "low", After: "high"}}}, ws},
		{api.ItemChange{ID: "1110022001000000002", Kind: api.Story, ItemID: story, Author: "bob", Created: "2026-11-27 01:51:00",
			Fields: []api.FieldChange{{Field: "priority", Before: "2", After: "4"}, {Field: "priority_label", Before: "Low", After: "High"}}}, ws},
		{api.ItemChange{ID: "1110022001000000003", Kind: api.Bug, ItemID: bug, Author: "alice", Created: "2026-11-27 01:52:00",
			Fields: []api.FieldChange{{Field: "status", Before: "new", After: "in_progress"}}}, ws},
		{api.ItemChange{ID: "1110022001000000004", Kind: api.Bug, ItemID: bug, Author: "alice", Created: "2026-11-27 01:53:00",
			Fields: []api.FieldChange{{Field: "current_owner", Before: "alice;", After: "bob;demo;"}}}, ws},
	}
	sent := time.Date(2026, 11, 26, 17, 50, 43, 0, time.UTC)
	edits := []store.Edit{{Kind: api.Bug, Op: store.OpPriority, ItemID: bug, WorkspaceID: ws, ItemTitle: "Login fails",
		From: "low", To: "high", State: store.StateSent, CreatedAt: sent}}
	h := history{changes: mergeWrites(changes), titles: map[string]string{bug: "Login fails", story: "Templates", task: "Checklist"},
		wsNames: map[int64]string{ws: "Atlas Web"}, names: names}

	var got []string
	for _, e := range h.entries(edits) {
		got = append(got, strings.Join(e.cells("-", wiring.WordsFor(false))[1:], " | "))
	}
	want := []string{
		"#9 | Checklist | task | Atlas Web | title Old → Checklist | by erin",
		"#1 | Login fails | bug | Atlas Web | priority 低 → 高 | you · sent",
		"#3 | Templates | story | Atlas Web | priority Low → High | by bob",
		"#1 | Login fails | bug | Atlas Web | status New → In progress | by alice",
		"#1 | Login fails | bug | Atlas Web | owner alice → bob, demo | by alice",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("the log lists\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
