package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The interfaces issue 19 added to or fixed in `triage serve`, each replayed
// against the built binary as TAPD's documentation shows the request, the
// answer decoded into structs typed like the documentation's examples
// (numbers where they are numbers), and its values checked.

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

// on is the client reporting to t, for a subtest.
func (c *tapdClient) on(t *testing.T) *tapdClient {
	cp := *c
	cp.t = t
	return &cp
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

// postJSON sends body as a JSON object, as the MCP servers do.
func (c *tapdClient) postJSON(path string, body any, v any) int {
	c.t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		c.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
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

// The workspaces the seed gives every service: an English one and a Chinese one.
const (
	interfacesWS   = "10022001"
	interfacesWSZh = "10022002"
)

// TestServeFixedShapes replays the calls whose answers had the wrong shape:
// get_related_bugs (a number workspace_id, several story ids), pure_options'
// panel (the number 0), testauth with a personal token, and POST /comments
// with an id.
func TestServeFixedShapes(t *testing.T) {
	s := startServe(t)
	c := basicClient(t, s)

	t.Run("get_related_bugs", func(t *testing.T) {
		c := c.on(t)
		stories := c.firstIDs(interfacesWS, "stories", 5)
		var related []struct {
			WorkspaceID int64  `json:"workspace_id"`
			StoryID     string `json:"story_id"`
			BugID       string `json:"bug_id"`
		}
		c.get("/stories/get_related_bugs", url.Values{"workspace_id": {interfacesWS}, "story_id": {strings.Join(stories, ",")}}, &related)
		if len(related) != 4 || related[0].WorkspaceID != 10022001 || related[0].StoryID != stories[0] ||
			related[2].StoryID != stories[4] || related[0].BugID == "" {
			t.Errorf("related bugs of 5 stories = %+v", related)
		}
	})

	t.Run("pure_options panel", func(t *testing.T) {
		c := c.on(t)
		for _, kind := range []string{"stories", "bugs", "tasks"} {
			var info map[string]struct {
				PureOptions []struct {
					Value string `json:"value"`
					Panel int    `json:"panel"`
				} `json:"pure_options"`
			}
			c.get("/"+kind+"/get_fields_info", url.Values{"workspace_id": {interfacesWS}}, &info)
			opts := info["priority_label"].PureOptions
			if len(opts) == 0 || opts[0].Panel != 0 || opts[0].Value == "" {
				t.Errorf("%s priority_label pure_options = %+v", kind, opts)
			}
		}
	})

	t.Run("testauth with a personal token", func(t *testing.T) {
		c := c.on(t)
		nick, token := personalToken(t, s)
		bearer := &tapdClient{t: t, base: c.base, auth: func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }}
		var rec struct {
			APIUser     string `json:"api_user"`
			APIPassword string `json:"api_password"`
			RequestIP   string `json:"request_ip"`
		}
		bearer.get("/quickstart/testauth", nil, &rec)
		if rec.APIUser != nick || rec.APIPassword != "" || rec.RequestIP != "127.0.0.1" {
			t.Errorf("testauth as %s = %+v", nick, rec)
		}
	})

	t.Run("update a comment", func(t *testing.T) {
		c := c.on(t)
		var list []struct {
			Comment struct {
				ID, Description, Modified, EntryType string
			}
		}
		c.get("/comments", url.Values{"workspace_id": {interfacesWS}, "entry_type": {"bug"}, "limit": {"1"}}, &list)
		if len(list) != 1 {
			t.Fatalf("comments = %+v", list)
		}
		var updated struct {
			Comment struct {
				ID          string `json:"id"`
				Description string `json:"description"`
				EntryType   string `json:"entry_type"`
				Modified    string `json:"modified"`
			}
		}
		c.post("/comments", url.Values{"workspace_id": {interfacesWS}, "id": {list[0].Comment.ID}, "description": {"xxxxx"}, "change_creator": {"demo"}}, &updated)
		if updated.Comment.ID != list[0].Comment.ID || updated.Comment.Description != "xxxxx" || updated.Comment.EntryType != "bug" ||
			updated.Comment.Modified == list[0].Comment.Modified {
			t.Errorf("updated comment = %+v, was %+v", updated.Comment, list[0].Comment)
		}
		var again []struct{ Comment struct{ Description string } }
		c.get("/comments", url.Values{"workspace_id": {interfacesWS}, "id": {list[0].Comment.ID}}, &again)
		if len(again) != 1 || again[0].Comment.Description != "xxxxx" {
			t.Errorf("comment after update = %+v", again)
		}
	})
}

// personalToken is the first demo user's nick (first on serve's "# demo
// users" line) and personal token (TRIAGE_TOKEN).
func personalToken(t *testing.T, s *served) (nick, token string) {
	t.Helper()
	_, users, _ := strings.Cut(s.env["#users"], ": ")
	nick, _, _ = strings.Cut(users, " / ")
	if nick == "" || s.env["TRIAGE_TOKEN"] == "" {
		t.Fatalf("serve printed no demo user and token")
	}
	return nick, s.env["TRIAGE_TOKEN"]
}

// TestServeChangeHistory: story_changes, task_changes and bug_changes (and
// their counts) list what writes through the API changed, with each
// field's value before and after, as TAPD's doc pages show them.
func TestServeChangeHistory(t *testing.T) {
	s := startServe(t)
	c := basicClient(t, s)
	ws := interfacesWSZh

	story := c.firstIDs(ws, "stories", 1)[0]
	c.post("/stories", url.Values{"workspace_id": {ws}, "id": {story}, "name": {"改名"}, "current_user": {"wangfang"}}, nil)
	var stories []struct {
		WorkitemChange struct {
			ID            string  `json:"id"`
			WorkspaceID   string  `json:"workspace_id"`
			Creator       string  `json:"creator"`
			ChangeSummary string  `json:"change_summary"`
			Comment       *string `json:"comment"`
			Changes       string  `json:"changes"`
			EntityType    string  `json:"entity_type"`
			FieldChanges  []struct {
				Field            string  `json:"field"`
				ValueBefore      *string `json:"value_before"`
				ValueAfter       *string `json:"value_after"`
				ValueAfterParsed *string `json:"value_after_parsed"`
				FieldLabel       string  `json:"field_label"`
			} `json:"field_changes"`
			StoryID string `json:"story_id"`
		}
	}
	c.get("/story_changes", url.Values{"workspace_id": {ws}, "story_id": {story}}, &stories)
	if len(stories) != 1 {
		t.Fatalf("story_changes = %+v", stories)
	}
	sc := stories[0].WorkitemChange
	if sc.StoryID != story || sc.WorkspaceID != ws || sc.Creator != "wangfang" || sc.EntityType != "Story" ||
		len(sc.FieldChanges) != 1 || sc.FieldChanges[0].Field != "name" || *sc.FieldChanges[0].ValueAfter != "改名" ||
		sc.FieldChanges[0].FieldLabel != "标题" || !strings.Contains(sc.Changes, `"value_after":"改名"`) {
		t.Errorf("story change = %+v", sc)
	}

	task := c.firstIDs(ws, "tasks", 1)[0]
	var current []struct{ Task struct{ Status string } }
	c.get("/tasks", url.Values{"workspace_id": {ws}, "id": {task}, "fields": {"status"}}, &current)
	next := map[string]string{"open": "进行中", "progressing": "已完成", "done": "进行中"}[current[0].Task.Status]
	c.post("/tasks", url.Values{"workspace_id": {ws}, "id": {task}, "v_status": {next}}, nil)
	var tasks []struct {
		WorkitemChange struct {
			TaskID        string `json:"task_id"`
			EntityType    string `json:"entity_type"`
			ChangeSummary string `json:"change_summary"`
			FieldChanges  []struct {
				Field            string  `json:"field"`
				ValueBefore      *string `json:"value_before"`
				ValueAfterParsed *string `json:"value_after_parsed"`
			} `json:"field_changes"`
		}
	}
	c.get("/task_changes", url.Values{"workspace_id": {ws}, "task_id": {task}}, &tasks)
	if len(tasks) != 1 || tasks[0].WorkitemChange.TaskID != task || tasks[0].WorkitemChange.EntityType != "Task" ||
		*tasks[0].WorkitemChange.FieldChanges[0].ValueBefore != current[0].Task.Status ||
		*tasks[0].WorkitemChange.FieldChanges[0].ValueAfterParsed != next {
		t.Errorf("task_changes = %+v", tasks)
	}

	bug := c.firstIDs(ws, "bugs", 1)[0]
	c.post("/bugs", url.Values{"workspace_id": {ws}, "id": {bug}, "current_owner": {"alice"}, "current_user": {"alice"}}, nil)
	var bugs []struct {
		BugChange struct {
			ID          string  `json:"id"`
			BugID       string  `json:"bug_id"`
			Author      string  `json:"author"`
			Field       string  `json:"field"`
			OldValue    *string `json:"old_value"`
			NewValue    *string `json:"new_value"`
			Memo        *string `json:"memo"`
			Created     string  `json:"created"`
			WorkspaceID string  `json:"workspace_id"`
		}
	}
	c.get("/bug_changes", url.Values{"workspace_id": {ws}, "bug_id": {bug}}, &bugs)
	if len(bugs) != 1 || bugs[0].BugChange.Field != "current_owner" || *bugs[0].BugChange.NewValue != "alice;" ||
		bugs[0].BugChange.Author != "alice" || bugs[0].BugChange.BugID != bug || bugs[0].BugChange.Created == "" {
		t.Errorf("bug_changes = %+v", bugs)
	}
	for path, want := range map[string]int{"/story_changes/count": 1, "/task_changes/count": 1, "/bug_changes/count": 1} {
		var count struct {
			Count int `json:"count"`
		}
		c.get(path, url.Values{"workspace_id": {ws}}, &count)
		if count.Count != want {
			t.Errorf("%s = %d, want %d", path, count.Count, want)
		}
	}
}

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
