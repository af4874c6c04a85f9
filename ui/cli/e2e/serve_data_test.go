package e2e

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// What the interfaces write through one `triage serve --data` process, the
// next one reads (the interfaces themselves are tested in process, in
// api/sandbox).

// tapdClient calls a started `triage serve` with one credential.
type tapdClient struct {
	t    *testing.T
	base string
	auth func(*http.Request)
}

// basicClient uses the service's Basic API account.
func basicClient(t *testing.T, s *served) *tapdClient {
	user, pass := s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"]
	return &tapdClient{t: t, base: s.env["TRIAGE_BASE_URL"], auth: func(r *http.Request) { r.SetBasicAuth(user, pass) }}
}

// count is GET path/count?query's count.
func (c *tapdClient) count(path string, query url.Values) int {
	c.t.Helper()
	var n struct {
		Count int `json:"count"`
	}
	c.get(path+"/count", query, &n)
	return n.Count
}

// request sends method path with a form (POST) or query (GET) and decodes
// the answer's data into v; it returns the HTTP status.
func (c *tapdClient) request(method, path string, form url.Values, v any) int {
	c.t.Helper()
	if v == nil {
		v = new(json.RawMessage)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var req *http.Request
	if method == http.MethodPost {
		req, _ = http.NewRequestWithContext(ctx, method, c.base+path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		if len(form) > 0 {
			path += "?" + form.Encode()
		}
		req, _ = http.NewRequestWithContext(ctx, method, c.base+path, nil)
	}
	c.auth(req)
	return callJSON(c.t, req, v)
}

// get calls GET path?query and fails the test on any status but 200.
func (c *tapdClient) get(path string, query url.Values, v any) {
	c.t.Helper()
	if status := c.request(http.MethodGet, path, query, v); status != http.StatusOK {
		c.t.Fatalf("GET %s?%s answered %d", path, query.Encode(), status)
	}
}

// post calls POST path with a form and fails the test on any status but 200.
func (c *tapdClient) post(path string, form url.Values, v any) {
	c.t.Helper()
	if status := c.request(http.MethodPost, path, form, v); status != http.StatusOK {
		c.t.Fatalf("POST %s %s answered %d", path, form.Encode(), status)
	}
}

// firstIDs lists the ids of the first n items of a kind ("stories", "bugs", "tasks").
func (c *tapdClient) firstIDs(ws, kind string, n int) []string {
	c.t.Helper()
	var list []map[string]struct {
		ID string `json:"id"`
	}
	c.get("/"+kind, url.Values{"workspace_id": {ws}, "fields": {"id"}, "limit": {strconvItoa(n)}}, &list)
	var ids []string
	for _, row := range list {
		for _, it := range row {
			ids = append(ids, it.ID)
		}
	}
	if len(ids) != n {
		c.t.Fatalf("%s of %s: %d ids, want %d", kind, ws, len(ids), n)
	}
	return ids
}

func strconvItoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// interfacesWS is the English workspace the seed gives every service.
const interfacesWS = "10022001"

// TestServeInterfacesKeepWritesAcrossRestarts: what the added interfaces
// write through one `triage serve --data` process (history, a batch update,
// a relation, a label, a timesheet, a comment's update) the next one reads.
func TestServeInterfacesKeepWritesAcrossRestarts(t *testing.T) {
	data := filepath.Join(t.TempDir(), "sandbox.db")
	s := startServe(t, "--data", data)
	c := basicClient(t, s)
	ws := interfacesWS
	stories, bugs, tasks := c.firstIDs(ws, "stories", 2), c.firstIDs(ws, "bugs", 9), c.firstIDs(ws, "tasks", 1)
	c.post("/stories", url.Values{"workspace_id": {ws}, "id": {stories[0]}, "name": {"Kept"}}, nil)
	c.post("/bugs/batch_update_bug", url.Values{"workspace_id": {ws}, "workitems": {`[{"id":"` + bugs[0] + `","severity":"fatal"}]`}}, nil)
	c.post("/relations", url.Values{"workspace_id": {ws}, "source_type": {"story"}, "source_id": {stories[1]}, "target_type": {"bug"}, "target_id": {bugs[8]}}, nil)
	c.post("/label", url.Values{"workspace_id": {ws}, "name": {"kept-label"}}, nil)
	c.post("/timesheets", url.Values{"workspace_id": {ws}, "entity_type": {"task"}, "entity_id": {tasks[0]}, "timespent": {"4"}, "owner": {"alice"}, "spentdate": {"2026-02-03"}}, nil)
	var comments []struct {
		Comment struct {
			ID string `json:"id"`
		}
	}
	c.get("/comments", url.Values{"workspace_id": {ws}, "limit": {"1"}}, &comments)
	c.post("/comments", url.Values{"workspace_id": {ws}, "id": {comments[0].Comment.ID}, "description": {"kept comment"}}, nil)
	if err := s.stop(t); err != nil {
		t.Fatalf("serve exited with %v", err)
	}

	s = startServe(t, "--data", data)
	c = basicClient(t, s)
	if n := c.count("/story_changes", url.Values{"workspace_id": {ws}, "story_id": {stories[0]}}); n != 1 {
		t.Errorf("story history after restart: %d changes", n)
	}
	if n := c.count("/bug_changes", url.Values{"workspace_id": {ws}, "bug_id": {bugs[0]}, "field": {"severity"}}); n != 1 {
		t.Errorf("bug history after restart: %d changes", n)
	}
	var related []struct {
		BugID string `json:"bug_id"`
	}
	c.get("/stories/get_related_bugs", url.Values{"workspace_id": {ws}, "story_id": {stories[1]}}, &related)
	if len(related) != 1 || related[0].BugID != bugs[8] {
		t.Errorf("related bugs after restart = %+v", related)
	}
	if n := c.count("/label", url.Values{"workspace_id": {ws}, "name": {"kept-label"}}); n != 1 {
		t.Errorf("labels named kept-label after restart: %d", n)
	}
	if n := c.count("/timesheets", url.Values{"workspace_id": {ws}, "spentdate": {"2026-02-03"}}); n != 1 {
		t.Errorf("timesheets of 2026-02-03 after restart: %d", n)
	}
	var after []struct {
		Comment struct {
			Description string `json:"description"`
		}
	}
	c.get("/comments", url.Values{"workspace_id": {ws}, "id": {comments[0].Comment.ID}}, &after)
	if len(after) != 1 || after[0].Comment.Description != "kept comment" {
		t.Errorf("comment after restart = %+v", after)
	}
}
