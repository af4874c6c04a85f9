package sandbox

import (
	"net/url"
	"testing"
	"time"

	"triage/api"
)

// TestSeedHasRecentChangesByOthers checks that a fresh service's history
// (story/get_story_changes, bug/get_bug_changes, task/get_task_changes)
// holds changes of the last three days by users other than the demo's, and
// that each agrees with the item it is about.
func TestSeedHasRecentChangesByOthers(t *testing.T) {
	h := startHarness(t, Options{})
	since := api.FormatTime(h.clock.Now().Add(-72 * time.Hour))
	ws := "10022001"
	var stories []struct {
		WorkitemChange struct {
			StoryID      string `json:"story_id"`
			Creator      string `json:"creator"`
			Created      string `json:"created"`
			FieldChanges []struct {
				Field       string  `json:"field"`
				ValueBefore *string `json:"value_before"`
				ValueAfter  *string `json:"value_after"`
			} `json:"field_changes"`
		}
	}
	h.do(request{path: "/story_changes", auth: h.apiBasic(), query: url.Values{"workspace_id": {ws}, "created": {">=" + since}, "limit": {"100"}}}).wantOK(t, &stories)
	var bugs []struct {
		BugChange struct {
			BugID    string  `json:"bug_id"`
			Author   string  `json:"author"`
			Field    string  `json:"field"`
			OldValue *string `json:"old_value"`
			NewValue *string `json:"new_value"`
			Created  string  `json:"created"`
		}
	}
	h.do(request{path: "/bug_changes", auth: h.apiBasic(), query: url.Values{"workspace_id": {ws}, "created": {">=" + since}, "limit": {"100"}}}).wantOK(t, &bugs)
	var tasks []map[string]struct {
		Creator string `json:"creator"`
	}
	h.do(request{path: "/task_changes", auth: h.apiBasic(), query: url.Values{"workspace_id": {ws}, "created": {">=" + since}, "limit": {"100"}}}).wantOK(t, &tasks)
	if len(stories) < 3 || len(bugs) < 3 || len(tasks) < 3 {
		t.Fatalf("changes of the last 3 days: %d stories, %d bugs, %d tasks; want a few of each", len(stories), len(bugs), len(tasks))
	}
	moved := 0
	for _, c := range stories {
		ch := c.WorkitemChange
		if ch.Creator == demoNick || ch.Creator == "" || ch.Created < since || len(ch.FieldChanges) != 1 || ch.FieldChanges[0].Field != "status" {
			t.Errorf("story change %+v", ch)
			continue
		}
		if ch.FieldChanges[0].ValueBefore == nil {
			continue // a creation
		}
		moved++
		var items []map[string]struct {
			Status   string `json:"status"`
			Modified string `json:"modified"`
		}
		h.do(request{path: "/stories", auth: h.apiBasic(), query: url.Values{"workspace_id": {ws}, "id": {ch.StoryID}, "fields": {"status,modified"}}}).wantOK(t, &items)
		if len(items) != 1 || items[0]["Story"].Status != *ch.FieldChanges[0].ValueAfter || items[0]["Story"].Modified != ch.Created {
			t.Errorf("story %s is %+v, its change says %s at %s", ch.StoryID, items, *ch.FieldChanges[0].ValueAfter, ch.Created)
		}
	}
	if moved == 0 {
		t.Errorf("no story moved in the last 3 days")
	}
	for _, c := range bugs {
		if c.BugChange.Author == demoNick || c.BugChange.Field != "status" || c.BugChange.NewValue == nil {
			t.Errorf("bug change %+v", c.BugChange)
		}
	}
}
