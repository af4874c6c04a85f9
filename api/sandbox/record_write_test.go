package sandbox

import (
	"net/http"
	"net/url"
	"path/filepath"
	"testing"
)

// TestRecordWritesSurviveRestart: labels, timesheets and relations written
// through the API are listed, counted and kept with --data; an update
// changes only what it names.
func TestRecordWritesSurviveRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sandbox.db")
	h := startHarness(t, Options{DataPath: path})
	post := func(h *harness, p string, form url.Values, v any) {
		t.Helper()
		form.Set("workspace_id", "10022001")
		h.do(request{method: http.MethodPost, path: p, auth: h.apiBasic(), form: form}).wantOK(t, v)
	}
	var label struct{ LabelPool record }
	post(h, "/label", url.Values{"name": {"urgent"}}, &label)
	var updated struct{ LabelPool record }
	post(h, "/label", url.Values{"id": {label.LabelPool["id"]}, "color": {"2"}}, &updated)
	if updated.LabelPool["name"] != "urgent" || updated.LabelPool["color"] != "2" {
		t.Errorf("updated label = %v", updated.LabelPool)
	}
	var tasks []struct{ Task struct{ ID string } }
	h.do(request{path: "/tasks", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "limit": {"1"}}}).wantOK(t, &tasks)
	var sheet struct{ Timesheet record }
	post(h, "/timesheets", url.Values{"entity_type": {"task"}, "entity_id": {tasks[0].Task.ID}, "timespent": {"3"}, "owner": {"alice"}, "spentdate": {"2026-01-05"}}, &sheet)
	var stories []struct{ Story struct{ ID string } }
	h.do(request{path: "/stories", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "limit": {"2"}, "fields": {"id"}}}).wantOK(t, &stories)
	var bugs []struct{ Bug struct{ ID string } }
	h.do(request{path: "/bugs", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "limit": {"9"}, "fields": {"id"}}}).wantOK(t, &bugs)
	post(h, "/relations", url.Values{"source_type": {"story"}, "source_id": {stories[1].Story.ID}, "target_type": {"bug"}, "target_id": {bugs[8].Bug.ID}}, nil)

	h.do(request{method: http.MethodPost, path: "/timesheets", auth: h.apiBasic(), form: url.Values{"workspace_id": {"10022001"},
		"entity_type": {"task"}, "entity_id": {"1"}, "timespent": {"3"}, "owner": {"alice"}}}).wantError(t, http.StatusNotFound, "")
	h.do(request{method: http.MethodPost, path: "/relations", auth: h.apiBasic(), form: url.Values{"workspace_id": {"10022001"},
		"source_type": {"iteration"}, "source_id": {"1"}, "target_type": {"bug"}, "target_id": {bugs[0].Bug.ID}}}).wantError(t, http.StatusUnprocessableEntity, "")

	h = restart(t, h, Options{DataPath: path})
	var labels []struct{ LabelPool record }
	h.do(request{path: "/label", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "name": {"urg"}}}).wantOK(t, &labels)
	if len(labels) != 1 || labels[0].LabelPool["color"] != "2" {
		t.Errorf("labels after restart = %v", labels)
	}
	var sheets []struct{ Timesheet record }
	h.do(request{path: "/timesheets", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "spentdate": {"2026-01-05"}}}).wantOK(t, &sheets)
	if len(sheets) != 1 || sheets[0].Timesheet["id"] != sheet.Timesheet["id"] || sheets[0].Timesheet["timespent"] != "3" {
		t.Errorf("timesheets after restart = %v", sheets)
	}
	var related []struct {
		StoryID string `json:"story_id"`
		BugID   string `json:"bug_id"`
	}
	h.do(request{path: "/stories/get_related_bugs", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "story_id": {stories[1].Story.ID}}}).wantOK(t, &related)
	if len(related) != 1 || related[0].BugID != bugs[8].Bug.ID {
		t.Errorf("related bugs after restart = %+v", related)
	}
	var made struct{ LabelPool record }
	post(h, "/label", url.Values{"name": {"after"}}, &made)
	if made.LabelPool["id"] <= label.LabelPool["id"] {
		t.Errorf("label made after restart has id %s, not after %s", made.LabelPool["id"], label.LabelPool["id"])
	}
}

// TestBatchUpdate: each item gets its result, at most 50 items are taken,
// and a JSON body with numbers works as a form does.
func TestBatchUpdate(t *testing.T) {
	h := startHarness(t, Options{})
	var stories []struct{ Story struct{ ID string } }
	h.do(request{path: "/stories", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "limit": {"2"}, "fields": {"id"}}}).wantOK(t, &stories)
	var answer struct {
		Msg     string `json:"msg"`
		Results []struct {
			ID     string `json:"id"`
			Status int    `json:"status"`
			Info   string `json:"info"`
		} `json:"results"`
	}
	body := `{"workspace_id":10022001,"workitems":[{"id":` + stories[0].Story.ID + `,"name":"one"},{"id":"` + stories[1].Story.ID + `","status":"nope"}]}`
	h.do(request{method: http.MethodPost, path: "/stories/batch_update_story", auth: h.apiBasic(), contentType: "application/json", body: body}).wantOK(t, &answer)
	if len(answer.Results) != 2 || answer.Results[0].Status != 1 || answer.Results[1].Status != http.StatusUnprocessableEntity || answer.Msg == "batch update success" {
		t.Fatalf("answer = %+v", answer)
	}
	var after []struct{ Story struct{ Name string } }
	h.do(request{path: "/stories", auth: h.apiBasic(), query: url.Values{"workspace_id": {"10022001"}, "id": {stories[0].Story.ID}, "fields": {"name"}}}).wantOK(t, &after)
	if len(after) != 1 || after[0].Story.Name != "one" {
		t.Errorf("story after batch = %+v", after)
	}
	items := "["
	for i := range 51 {
		if i > 0 {
			items += ","
		}
		items += `{"id":"` + stories[0].Story.ID + `"}`
	}
	h.do(request{method: http.MethodPost, path: "/stories/batch_update_story", auth: h.apiBasic(),
		form: url.Values{"workspace_id": {"10022001"}, "workitems": {items + "]"}}}).wantError(t, http.StatusUnprocessableEntity, "workitems must name 1 to 50 items, got 51")
}
