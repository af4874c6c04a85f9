package sandbox_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestFixedShapes replays the calls whose answers had the wrong shape:
// get_related_bugs (a number workspace_id, several story ids), pure_options'
// panel (the number 0), testauth with a personal token, and POST /comments
// with an id.
func TestFixedShapes(t *testing.T) {
	s := startService(t)
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

// TestChangeHistory: story_changes, task_changes and bug_changes (and
// their counts) list what writes through the API changed, with each
// field's value before and after, as TAPD's doc pages show them. The seed
// has history of its own (seed_changes.go): the test reads the changes its
// writes made.
func TestChangeHistory(t *testing.T) {
	s := startService(t)
	c := basicClient(t, s)
	ws := interfacesWSZh
	counts := map[string]int{}
	for _, path := range []string{"/story_changes", "/task_changes", "/bug_changes"} {
		counts[path+"/count"] = c.count(path, url.Values{"workspace_id": {ws}})
	}

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
	c.get("/story_changes", url.Values{"workspace_id": {ws}, "story_id": {story}, "change_field": {"name"}}, &stories)
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
	if len(tasks) == 0 {
		t.Fatalf("task_changes of %s: none", task)
	}
	if last := tasks[len(tasks)-1].WorkitemChange; last.TaskID != task || last.EntityType != "Task" ||
		*last.FieldChanges[0].ValueBefore != current[0].Task.Status || *last.FieldChanges[0].ValueAfterParsed != next {
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
	c.get("/bug_changes", url.Values{"workspace_id": {ws}, "bug_id": {bug}, "field": {"current_owner"}}, &bugs)
	if len(bugs) != 1 || bugs[0].BugChange.Field != "current_owner" || *bugs[0].BugChange.NewValue != "alice;" ||
		bugs[0].BugChange.Author != "alice" || bugs[0].BugChange.BugID != bug || bugs[0].BugChange.Created == "" {
		t.Errorf("bug_changes = %+v", bugs)
	}
	for path, before := range counts {
		want := before + 1
		var count struct {
			Count int `json:"count"`
		}
		c.get(path, url.Values{"workspace_id": {ws}}, &count)
		if count.Count != want {
			t.Errorf("%s = %d, want %d", path, count.Count, want)
		}
	}
}
