package sandbox

import (
	"net/http"
	"net/url"
	"testing"
)

// TestChangesRecordAPriorityOnce: a priority write leaves one field change,
// priority_label, in a story's history and one BugChange in a bug's, not a
// second for the legacy priority that follows from it.
func TestChangesRecordAPriorityOnce(t *testing.T) {
	h := startHarness(t, Options{})
	ws := url.Values{"workspace_id": {"10022001"}}
	var stories []struct{ Story struct{ ID string } }
	h.do(request{path: "/stories", auth: h.apiBasic(), query: url.Values{"workspace_id": ws["workspace_id"], "priority_label": {"Low"}, "limit": {"1"}}}).wantOK(t, &stories)
	id := stories[0].Story.ID
	writeStory(t, h, url.Values{"id": {id}, "priority_label": {"High"}, "current_user": {"bob"}})
	var list []struct{ WorkitemChange storyChange }
	h.do(request{path: "/story_changes", auth: h.apiBasic(), query: url.Values{"workspace_id": ws["workspace_id"], "story_id": {id}}}).wantOK(t, &list)
	if len(list) != 1 || len(list[0].WorkitemChange.FieldChanges) != 1 {
		t.Fatalf("a story's priority write left %+v, want one change of one field", list)
	}
	if f := list[0].WorkitemChange.FieldChanges[0]; f.Field != "priority_label" || *f.ValueBefore != "Low" || *f.ValueAfter != "High" {
		t.Errorf("the story's change is %s %v → %v, want priority_label Low → High", f.Field, *f.ValueBefore, *f.ValueAfter)
	}

	var bugs []struct {
		Bug struct {
			ID            string `json:"id"`
			PriorityLabel string `json:"priority_label"`
		}
	}
	h.do(request{path: "/bugs", auth: h.apiBasic(), query: url.Values{"workspace_id": ws["workspace_id"], "limit": {"1"}, "order": {"id asc"}}}).wantOK(t, &bugs)
	bug, to := bugs[0].Bug.ID, "high"
	if bugs[0].Bug.PriorityLabel == to {
		to = "low"
	}
	h.do(request{method: http.MethodPost, path: "/bugs", auth: h.apiBasic(), form: url.Values{"workspace_id": ws["workspace_id"], "id": {bug}, "priority_label": {to}, "current_user": {"bob"}}}).wantOK(t, nil)
	var bugChanges []struct {
		BugChange struct{ Field, OldValue, NewValue string } `json:"BugChange"`
	}
	h.do(request{path: "/bug_changes", auth: h.apiBasic(), query: url.Values{"workspace_id": ws["workspace_id"], "bug_id": {bug}}}).wantOK(t, &bugChanges)
	if len(bugChanges) != 1 || bugChanges[0].BugChange.Field != "priority_label" {
		t.Errorf("a bug's priority write left %+v, want one priority_label change", bugChanges)
	}
}
