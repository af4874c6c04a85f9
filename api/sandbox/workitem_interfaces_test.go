package sandbox_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// TestWorkitemInterfaces replays, against a running sandbox,
// the batch updates, relations, to-dos and SCM keywords as TAPD's doc pages
// show them, and checks the values and what they changed.
func TestWorkitemInterfaces(t *testing.T) {
	s := startService(t)
	c := basicClient(t, s)
	ws := interfacesWSZh

	t.Run("batch updates", func(t *testing.T) { // story/batch_update_story, bug/batch_update_bug, task/batch_update_task
		c := c.on(t)
		stories := c.firstIDs(ws, "stories", 2)
		items := `[{"id":"` + stories[0] + `","name":"批量一"},{"id":"` + stories[1] + `","name":"批量二"},{"id":"1","name":"无"}]`
		var answer struct {
			Msg     string `json:"msg"`
			Results []struct {
				ID     string `json:"id"`
				Status int    `json:"status"`
				Info   string `json:"info"`
			} `json:"results"`
		}
		c.post("/stories/batch_update_story", url.Values{"workspace_id": {ws}, "workitems": {items}}, &answer)
		if len(answer.Results) != 3 || answer.Results[0].Status != 1 || answer.Results[1].Info != "success" ||
			answer.Results[2].Status != http.StatusNotFound || answer.Msg == "" {
			t.Errorf("story batch = %+v", answer)
		}
		if n := c.count("/story_changes", url.Values{"workspace_id": {ws}, "story_id": {strings.Join(stories, ",")}, "change_field": {"name"}}); n != 2 {
			t.Errorf("batch left %d name changes, want 2", n)
		}
		bug := c.firstIDs(ws, "bugs", 1)[0]
		var bugAnswer struct {
			Msg string `json:"msg"`
		}
		if status := c.postJSON("/bugs/batch_update_bug", map[string]any{"workspace_id": 10022002,
			"workitems": []map[string]any{{"id": bug, "severity": "fatal", "current_user": "wangfang"}}}, &bugAnswer); status != http.StatusOK ||
			bugAnswer.Msg != "batch update success" {
			t.Errorf("bug batch: %d %+v", status, bugAnswer)
		}
		var changes []struct {
			BugChange struct {
				Field    string  `json:"field"`
				NewValue *string `json:"new_value"`
				Author   string  `json:"author"`
			}
		}
		c.get("/bug_changes", url.Values{"workspace_id": {ws}, "bug_id": {bug}, "field": {"severity"}}, &changes)
		if len(changes) != 1 || *changes[0].BugChange.NewValue != "fatal" || changes[0].BugChange.Author != "wangfang" {
			t.Errorf("bug changes = %+v", changes)
		}
		task := c.firstIDs(ws, "tasks", 1)[0]
		c.post("/tasks/batch_update_task", url.Values{"workspace_id": {ws}, "workitems": {`[{"id":"` + task + `","name":"任务改名"}]`}}, &answer)
		var tasks []struct{ Task struct{ Name string } }
		c.get("/tasks", url.Values{"workspace_id": {ws}, "id": {task}, "fields": {"name"}}, &tasks)
		if len(answer.Results) != 1 || answer.Results[0].Status != 1 || len(tasks) != 1 || tasks[0].Task.Name != "任务改名" {
			t.Errorf("task batch = %+v, task %+v", answer, tasks)
		}
	})

	t.Run("relations", func(t *testing.T) { // story/create_story_bug, bug/get_related_stories, story/get_link_stories, story/add_story_link_relations
		c := c.on(t)
		stories := c.firstIDs(ws, "stories", 3)
		bugs := c.firstIDs(ws, "bugs", 8)
		var made struct {
			Relation struct {
				ID          string `json:"id"`
				WorkspaceID string `json:"workspace_id"`
				SourceType  string `json:"source_type"`
				SourceID    string `json:"source_id"`
				TargetType  string `json:"target_type"`
				TargetID    string `json:"target_id"`
				Created     string `json:"created"`
			}
		}
		c.post("/relations", url.Values{"workspace_id": {ws}, "source_type": {"bug"}, "source_id": {bugs[7]},
			"target_type": {"story"}, "target_id": {stories[1]}}, &made)
		if made.Relation.ID == "" || made.Relation.SourceID != bugs[7] || made.Relation.TargetType != "story" || made.Relation.Created == "" {
			t.Errorf("relation = %+v", made.Relation)
		}
		var bugsOf []struct {
			WorkspaceID int64  `json:"workspace_id"`
			StoryID     string `json:"story_id"`
			BugID       string `json:"bug_id"`
		}
		c.get("/stories/get_related_bugs", url.Values{"workspace_id": {ws}, "story_id": {stories[1]}}, &bugsOf)
		if len(bugsOf) != 1 || bugsOf[0].BugID != bugs[7] || bugsOf[0].WorkspaceID != 10022002 {
			t.Errorf("bugs of %s = %+v", stories[1], bugsOf)
		}
		var storiesOf []struct {
			WorkspaceID string `json:"workspace_id"`
			BugID       string `json:"bug_id"`
			StoryID     string `json:"story_id"`
		}
		c.get("/bugs/get_related_stories", url.Values{"workspace_id": {ws}, "bug_id": {bugs[0] + "," + bugs[7]}}, &storiesOf)
		if len(storiesOf) != 2 || storiesOf[0].StoryID != stories[0] || storiesOf[1].StoryID != stories[1] || storiesOf[1].WorkspaceID != ws {
			t.Errorf("stories of bugs = %+v", storiesOf)
		}
		c.post("/relations", url.Values{"workspace_id": {ws}, "source_type": {"story"}, "source_id": {stories[2]},
			"target_type": {"story"}, "target_id": {stories[1]}}, nil)
		var links []struct {
			Type              string `json:"type"`
			ID                string `json:"id"`
			StoryID           string `json:"story_id"`
			WorkspaceID       string `json:"workspace_id"`
			LinkedWorkspaceID int64  `json:"linked_workspace_id"`
		}
		c.get("/stories/get_link_stories", url.Values{"workspace_id": {ws}, "story_id": {stories[1]}}, &links)
		if len(links) != 1 || links[0].ID != stories[2] || links[0].Type != "direct_relate" || links[0].LinkedWorkspaceID != 10022002 {
			t.Errorf("linked stories = %+v", links)
		}
		var linked struct {
			Success int `json:"success"`
		}
		c.post("/stories/add_story_link_relations", url.Values{"workspace_id": {ws}, "src_story_id": {stories[0]}, "target_story_id": {stories[1]}}, &linked)
		c.get("/stories/get_link_stories", url.Values{"workspace_id": {ws}, "story_id": {stories[1]}}, &links)
		if linked.Success != 1 || len(links) != 2 || links[1].ID != stories[0] {
			t.Errorf("after add_story_link_relations: %+v, links %+v", linked, links)
		}
		if status := c.request(http.MethodPost, "/relations", url.Values{"workspace_id": {ws}, "source_type": {"story"},
			"source_id": {"1"}, "target_type": {"bug"}, "target_id": {bugs[0]}}, nil); status != http.StatusNotFound {
			t.Errorf("relation to a missing story answered %d", status)
		}
	})

	t.Run("to-dos", func(t *testing.T) { // user/get_user_todo_story, user/get_user_todo_bug, user/get_user_todo_task
		c := c.on(t)
		nick, token := personalToken(t, s)
		bearer := &tapdClient{t: t, base: c.base, auth: func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }}
		for _, kind := range []string{"story", "bug", "task"} {
			wrapper := map[string]string{"story": "Story", "bug": "Bug", "task": "Task"}[kind]
			owner := map[string]string{"story": "owner", "bug": "current_owner", "task": "owner"}[kind]
			final := map[string][]string{"story": {"resolved", "rejected"}, "bug": {"closed", "rejected"}, "task": {"done"}}[kind]
			var todos []map[string]map[string]string
			bearer.get("/user_oauth/get_user_todo_"+kind, url.Values{"workspace_id": {ws}, "fields": {"id,status," + owner}, "limit": {"200"}}, &todos)
			if len(todos) == 0 {
				t.Errorf("%s: no to-dos for %s", kind, nick)
			}
			for _, row := range todos {
				it := row[wrapper]
				if !strings.Contains(it[owner], nick+";") || slices.Contains(final, it["status"]) {
					t.Errorf("%s to-do of %s: %v", kind, nick, it)
				}
			}
			var same []map[string]map[string]string
			c.get("/users/todo/"+nick+"/"+kind, url.Values{"workspace_id": {ws}, "fields": {"id"}, "limit": {"200"}}, &same)
			if len(same) != len(todos) {
				t.Errorf("%s: /users/todo lists %d, user_oauth %d", kind, len(same), len(todos))
			}
		}
	})

	t.Run("scm keywords", func(t *testing.T) { // svn_commits/get_scm_copy_keywords
		c := c.on(t)
		story := c.firstIDs(ws, "stories", 1)[0]
		var names []struct{ Story struct{ Name string } }
		c.get("/stories", url.Values{"workspace_id": {ws}, "id": {story}, "fields": {"name"}}, &names)
		var keywords string
		c.get("/svn_commits/get_scm_copy_keywords", url.Values{"workspace_id": {ws}, "object_id": {story}, "type": {"story"}}, &keywords)
		if keywords != "--story=1 "+names[0].Story.Name {
			t.Errorf("keywords = %q", keywords)
		}
	})
}
