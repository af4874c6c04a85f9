package sandbox

import (
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"testing"
)

// storyChange is a WorkitemChange as story/get_story_changes shows it.
type storyChange struct {
	ID            string  `json:"id"`
	WorkspaceID   string  `json:"workspace_id"`
	Creator       string  `json:"creator"`
	Created       string  `json:"created"`
	ChangeSummary string  `json:"change_summary"`
	Comment       *string `json:"comment"`
	Changes       string  `json:"changes"`
	EntityType    string  `json:"entity_type"`
	FieldChanges  []struct {
		Field             string  `json:"field"`
		ValueBefore       *string `json:"value_before"`
		ValueAfter        *string `json:"value_after"`
		ValueBeforeParsed *string `json:"value_before_parsed"`
		ValueAfterParsed  *string `json:"value_after_parsed"`
		FieldLabel        string  `json:"field_label"`
	} `json:"field_changes"`
	StoryID string `json:"story_id"`
	TaskID  string `json:"task_id"`
}

// TestChangesRecordEveryWrite: an update, a v_status move and a creation
// each leave their change, with each field's value before and after, and
// the history outlives a restart.
func TestChangesRecordEveryWrite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.db")
	h := startHarness(t, Options{DataPath: path})
	var stories []struct {
		Story struct{ ID, Status, Name string }
	}
	h.do(request{path: "/stories", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "status": {"planning"}, "limit": {"1"}}}).wantOK(t, &stories)
	id := stories[0].Story.ID
	writeStory(t, h, url.Values{"id": {id}, "name": {"renamed"}, "current_user": {"alice"}})
	writeStory(t, h, url.Values{"id": {id}, "v_status": {"Developing"}, "current_user": {"bob"}})
	made := writeStory(t, h, url.Values{"name": {"new one"}, "creator": {"demo"}})

	h = restart(t, h, Options{DataPath: path})
	var list []struct{ WorkitemChange storyChange }
	h.do(request{path: "/story_changes", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "story_id": {id + "," + made.ID}}}).wantOK(t, &list)
	if len(list) != 3 {
		t.Fatalf("changes = %+v", list)
	}
	rename, move, create := list[0].WorkitemChange, list[1].WorkitemChange, list[2].WorkitemChange
	if rename.Creator != "alice" || rename.StoryID != id || rename.EntityType != "Story" || rename.Comment != nil ||
		len(rename.FieldChanges) != 1 || rename.FieldChanges[0].Field != "name" ||
		*rename.FieldChanges[0].ValueBefore != stories[0].Story.Name || *rename.FieldChanges[0].ValueAfter != "renamed" {
		t.Errorf("rename = %+v", rename)
	}
	var fields []fieldChange
	if err := json.Unmarshal([]byte(move.Changes), &fields); err != nil || len(fields) != 1 || fields[0].Field != "status" ||
		*fields[0].Before != "planning" || *fields[0].After != "developing" || move.ChangeSummary != "developing" ||
		*move.FieldChanges[0].ValueAfterParsed != "Developing" || move.Creator != "bob" {
		t.Errorf("move = %+v (%v)", move, err)
	}
	if create.StoryID != made.ID || create.FieldChanges[0].ValueBefore != nil || *create.FieldChanges[0].ValueAfter != "planning" {
		t.Errorf("creation = %+v", create)
	}
	var count struct{ Count int }
	h.do(request{path: "/story_changes/count", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "story_id": {id}}}).wantOK(t, &count)
	if count.Count != 2 {
		t.Errorf("count = %d, want 2", count.Count)
	}
	writeStory(t, h, url.Values{"id": {id}, "name": {"after restart"}})
	var latest []struct{ WorkitemChange storyChange }
	h.do(request{path: "/story_changes", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "story_id": {id},
		"order": {"created desc"}, "need_parse_changes": {"0"}, "change_field": {"name"}}}).wantOK(t, &latest)
	if len(latest) != 2 || latest[0].WorkitemChange.ID <= rename.ID || latest[0].WorkitemChange.FieldChanges != nil {
		t.Errorf("latest = %+v", latest)
	}
}

// TestBugChangesOneFieldEach: bug_changes lists one change per field,
// newest first, and creations only with include_add_bug=1.
func TestBugChangesOneFieldEach(t *testing.T) {
	h := startHarness(t, Options{})
	var bugs []struct{ Bug struct{ ID, Severity string } }
	h.do(request{path: "/bugs", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "severity": {"normal"}, "limit": {"1"}}}).wantOK(t, &bugs)
	id := bugs[0].Bug.ID
	h.do(request{method: http.MethodPost, path: "/bugs", auth: h.apiBasic(), form: url.Values{
		"workspace_id": {"10022001"}, "id": {id}, "severity": {"fatal"}, "current_owner": {"alice"}, "current_user": {"bob"}}}).wantOK(t, nil)
	var list []struct {
		BugChange struct {
			ID, Author, Field, Created string
			BugID                      string  `json:"bug_id"`
			WorkspaceID                string  `json:"workspace_id"`
			OldValue                   *string `json:"old_value"`
			NewValue                   *string `json:"new_value"`
			Memo                       *string
		}
	}
	h.do(request{path: "/bug_changes", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "bug_id": {id}}}).wantOK(t, &list)
	if len(list) != 2 || list[0].BugChange.ID <= list[1].BugChange.ID || list[0].BugChange.Author != "bob" {
		t.Fatalf("bug changes = %+v", list)
	}
	sev := list[1].BugChange
	if list[0].BugChange.Field == "severity" {
		sev = list[0].BugChange
	}
	if *sev.OldValue != "normal" || *sev.NewValue != "fatal" || sev.WorkspaceID != "10022001" || sev.BugID != id || sev.Memo != nil {
		t.Errorf("severity change = %+v", sev)
	}
	var count struct{ Count int }
	h.do(request{path: "/bug_changes/count", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "field": {"severity"}}}).wantOK(t, &count)
	if count.Count != 1 {
		t.Errorf("severity changes = %d", count.Count)
	}
}

// TestChangeListsNeedItemsOrATime: as story/get_story_changes and
// bug/get_bug_changes say, a history list names its items, ids or a time
// (created); the counts need neither.
func TestChangeListsNeedItemsOrATime(t *testing.T) {
	h := startHarness(t, Options{})
	for _, kind := range []string{"story", "bug", "task"} {
		h.do(request{path: "/" + kind + "_changes", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}}}).
			wantError(t, http.StatusUnprocessableEntity, "")
		h.do(request{path: "/" + kind + "_changes", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "created": {">=2020-01-01"}}}).wantOK(t, nil)
		h.do(request{path: "/" + kind + "_changes/count", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}}}).wantOK(t, nil)
	}
}
