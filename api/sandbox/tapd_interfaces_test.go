package sandbox_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"
)

// The answers of the interfaces around items, typed as TAPD's public API
// documentation shows them (open.tapd.cn/document/api-doc): strings where the
// examples have strings, numbers where numbers, lists where lists. Decoding
// into these fails on any other shape.
type (
	tapdIteration struct {
		ID          string  `json:"id"`
		Name        string  `json:"name"`
		WorkspaceID string  `json:"workspace_id"`
		Startdate   string  `json:"startdate"`
		Enddate     string  `json:"enddate"`
		Status      string  `json:"status"`
		ReleaseID   *string `json:"release_id"`
		Description string  `json:"description"`
		Creator     string  `json:"creator"`
		Created     string  `json:"created"`
		Modified    string  `json:"modified"`
		Completed   *string `json:"completed"`
	}
	tapdComment struct {
		ID          string `json:"id"`
		Title       string `json:"title"`
		Description string `json:"description"`
		Author      string `json:"author"`
		EntryType   string `json:"entry_type"`
		EntryID     string `json:"entry_id"`
		Created     string `json:"created"`
		WorkspaceID string `json:"workspace_id"`
	}
	tapdTransition struct {
		Name, StepPrevious, StepNext string
		Appendfield                  []struct{ DBModel, FieldName, Notnull, Sort string }
	}
	tapdCustomField struct {
		ID          string  `json:"id"`
		WorkspaceID string  `json:"workspace_id"`
		EntryType   string  `json:"entry_type"`
		CustomField string  `json:"custom_field"`
		Type        string  `json:"type"`
		Name        string  `json:"name"`
		Options     *string `json:"options"`
		Enabled     string  `json:"enabled"`
		Memo        *string `json:"memo"`
		IsOut       int     `json:"is_out"`
	}
	tapdWorkitemType struct {
		ID          string `json:"id"`
		WorkspaceID string `json:"workspace_id"`
		EntityType  string `json:"entity_type"`
		Name        string `json:"name"`
		EnglishName string `json:"english_name"`
		WorkflowID  string `json:"workflow_id"`
	}
	tapdUserWorkspace struct {
		User   string   `json:"user"`
		RoleID []string `json:"role_id"`
		Name   string   `json:"name"`
		Status string   `json:"status"`
	}
	tapdRelatedBug struct {
		WorkspaceID int64  `json:"workspace_id"`
		StoryID     string `json:"story_id"`
		BugID       string `json:"bug_id"`
	}
	tapdField struct {
		Name         string            `json:"name"`
		Label        string            `json:"label"`
		HTMLType     string            `json:"html_type"`
		Options      json.RawMessage   `json:"options"`
		ColorOptions []json.RawMessage `json:"color_options"`
		PureOptions  []struct {
			ParentID, WorkspaceID, Sort, Value, Label string
			Panel                                     int
		} `json:"pure_options"`
		Readonly    int                             `json:"readonly"`
		Memo        *string                         `json:"memo"`
		UserOptions []struct{ Value, Label string } `json:"user_options"`
	}
	tapdWorkspace struct {
		ID          string  `json:"id"`
		Name        string  `json:"name"`
		Description string  `json:"description"`
		Creator     string  `json:"creator"`
		Created     string  `json:"created"`
		BeginDate   *string `json:"begin_date"`
		EndDate     *string `json:"end_date"`
	}
)

// TestSpeaksTAPDsOtherInterfaces starts a sandbox and
// replays, for each interface TAPD clients call around items, a request as
// TAPD's documentation shows it, then checks the values of the answer.
func TestSpeaksTAPDsOtherInterfaces(t *testing.T) {
	s := startService(t)
	base, user, pass := s.url, s.demo.APIUser, s.demo.APIPassword
	call := func(method, path string, form url.Values, v any) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		var req *http.Request
		if method == http.MethodPost {
			req, _ = http.NewRequestWithContext(ctx, method, base+path, strings.NewReader(form.Encode()))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		} else {
			req, _ = http.NewRequestWithContext(ctx, method, base+path, nil)
		}
		req.SetBasicAuth(user, pass)
		if status := callJSON(t, req, v); status != http.StatusOK {
			t.Fatalf("%s %s answered %d", method, path, status)
		}
	}
	const ws = "10022002" // 星河移动: Chinese names, custom priorities

	t.Run("workflows", func(t *testing.T) {
		var statusMap map[string]string
		call(http.MethodGet, "/workflows/status_map?system=story&workspace_id="+ws, nil, &statusMap)
		if statusMap["planning"] != "规划中" || statusMap["resolved"] != "已实现" || len(statusMap) != 4 {
			t.Errorf("status_map = %v", statusMap)
		}
		var last map[string]string
		call(http.MethodGet, "/workflows/last_steps?system=bug&workspace_id="+ws, nil, &last)
		if last["closed"] != "已关闭" || last["new"] != "" {
			t.Errorf("last_steps = %v", last)
		}
		var moves []tapdTransition
		call(http.MethodGet, "/workflows/all_transitions?system=bug&workspace_id="+ws, nil, &moves)
		if len(moves) < 2 || moves[0].Name != "start-new" || moves[0].StepPrevious != "start" ||
			moves[0].Appendfield[0].FieldName != "current_owner" ||
			!slices.ContainsFunc(moves, func(m tapdTransition) bool { return m.StepPrevious == "resolved" && m.StepNext == "verified" }) {
			t.Errorf("all_transitions = %+v", moves)
		}
	})

	t.Run("field labels and settings", func(t *testing.T) {
		for _, kind := range []string{"stories", "bugs"} {
			var labels map[string]string
			call(http.MethodGet, "/"+kind+"/get_fields_lable?workspace_id="+ws, nil, &labels)
			if labels["status"] != "状态" || labels["priority_label"] == "" || labels["custom_field_one"] == "" {
				t.Errorf("%s get_fields_lable = %v", kind, labels)
			}
		}
		var settings []struct{ CustomFieldConfig tapdCustomField }
		call(http.MethodGet, "/stories/custom_fields_settings?workspace_id="+ws, nil, &settings)
		if len(settings) != 2 || settings[0].CustomFieldConfig.CustomField != "custom_field_one" ||
			settings[0].CustomFieldConfig.Name != "客户" || settings[0].CustomFieldConfig.Options == nil ||
			!strings.Contains(*settings[0].CustomFieldConfig.Options, "华东大区") || settings[1].CustomFieldConfig.Options != nil {
			t.Errorf("custom_fields_settings = %+v", settings)
		}
		var bugSettings []struct{ CustomFieldConfig tapdCustomField }
		call(http.MethodGet, "/bugs/custom_fields_settings?workspace_id="+ws, nil, &bugSettings)
		if len(bugSettings) != 1 || bugSettings[0].CustomFieldConfig.EntryType != "bug" ||
			bugSettings[0].CustomFieldConfig.Name != "发现环境" || bugSettings[0].CustomFieldConfig.Options == nil ||
			!strings.Contains(*bugSettings[0].CustomFieldConfig.Options, "预发布") {
			t.Errorf("bugs custom_fields_settings = %+v", bugSettings)
		}
		var taskSettings []struct{ CustomFieldConfig tapdCustomField }
		call(http.MethodGet, "/tasks/custom_fields_settings?workspace_id="+ws, nil, &taskSettings)
		if len(taskSettings) != 1 || taskSettings[0].CustomFieldConfig.EntryType != "task" {
			t.Errorf("tasks custom_fields_settings = %+v", taskSettings)
		}
	})

	t.Run("get_fields_info shapes", func(t *testing.T) {
		var info map[string]tapdField
		call(http.MethodGet, "/bugs/get_fields_info?workspace_id=10022001", nil, &info)
		if info["id"].Readonly != 1 || info["title"].Readonly != 0 || info["title"].Memo != nil {
			t.Errorf("readonly/memo: id %+v, title %+v", info["id"], info["title"])
		}
		if len(info["priority"].ColorOptions) != 5 || len(info["priority_label"].PureOptions) != 5 ||
			info["priority_label"].PureOptions[0].Value != "urgent" || info["status"].PureOptions == nil {
			t.Errorf("priority colours %d, pure options %+v", len(info["priority"].ColorOptions), info["priority_label"].PureOptions)
		}
		if len(info["current_owner"].UserOptions) == 0 || info["current_owner"].UserOptions[0].Value != "demo" {
			t.Errorf("current_owner user_options = %+v", info["current_owner"].UserOptions)
		}
		var iterations map[string]string
		if err := json.Unmarshal(info["iteration_id"].Options, &iterations); err != nil || iterations["1110022001000000001"] != "Sprint 1" {
			t.Errorf("iteration_id options %s: %v", info["iteration_id"].Options, err)
		}
	})

	t.Run("story types and stories", func(t *testing.T) {
		var types []struct{ WorkitemType tapdWorkitemType }
		call(http.MethodGet, "/workitem_types?workspace_id="+ws, nil, &types)
		if len(types) != 1 || types[0].WorkitemType.EntityType != "story" || types[0].WorkitemType.Name != "需求" {
			t.Fatalf("workitem_types = %+v", types)
		}
		var stories []struct{ Story map[string]*string }
		call(http.MethodGet, "/stories?limit=3&workspace_id="+ws, nil, &stories)
		for _, st := range stories {
			if got := st.Story["workitem_type_id"]; got == nil || *got != types[0].WorkitemType.ID {
				t.Errorf("story %s workitem_type_id = %v, want %s", *st.Story["id"], got, types[0].WorkitemType.ID)
			}
		}
	})

	t.Run("iterations", func(t *testing.T) {
		var list []struct{ Iteration tapdIteration }
		call(http.MethodGet, "/iterations?workspace_id="+ws, nil, &list)
		if len(list) != 6 || list[0].Iteration.Name != "迭代1" || list[0].Iteration.Status != "done" || list[5].Iteration.Status != "open" {
			t.Fatalf("iterations = %+v", list)
		}
		var info map[string]tapdField
		call(http.MethodGet, "/stories/get_fields_info?workspace_id="+ws, nil, &info)
		var releases map[string]string
		if err := json.Unmarshal(info["release_id"].Options, &releases); err != nil || list[0].Iteration.ReleaseID == nil ||
			releases[*list[0].Iteration.ReleaseID] != "1.0 版本" || len(releases) != 2 {
			t.Errorf("release_id options %s, first iteration's release %v: %v", info["release_id"].Options, list[0].Iteration.ReleaseID, err)
		}
		var count struct{ Count int }
		call(http.MethodGet, "/iterations/count?status=open&workspace_id="+ws, nil, &count)
		if count.Count != 2 {
			t.Errorf("open iterations = %d, want 2", count.Count)
		}
		var made struct{ Iteration tapdIteration }
		call(http.MethodPost, "/iterations", url.Values{"name": {"test"}, "startdate": {"2020-06-05"}, "enddate": {"2020-06-15"},
			"workspace_id": {ws}, "creator": {"alice"}, "description": {"test111"}}, &made)
		if made.Iteration.Name != "test" || made.Iteration.Status != "open" || made.Iteration.Creator != "alice" ||
			len(made.Iteration.ID) != 19 || made.Iteration.WorkspaceID != ws || made.Iteration.Startdate != "2020-06-05" {
			t.Fatalf("created %+v", made.Iteration)
		}
		var updated struct{ Iteration tapdIteration }
		call(http.MethodPost, "/iterations", url.Values{"workspace_id": {ws}, "id": {made.Iteration.ID},
			"current_user": {"alice"}, "status": {"done"}, "description": {"shipped"}}, &updated)
		if updated.Iteration.Status != "done" || updated.Iteration.Description != "shipped" || updated.Iteration.Completed == nil {
			t.Errorf("updated %+v", updated.Iteration)
		}
		var found []struct{ Iteration tapdIteration }
		call(http.MethodGet, "/iterations?name=tes&workspace_id="+ws, nil, &found)
		if len(found) != 1 || found[0].Iteration.ID != made.Iteration.ID {
			t.Errorf("name=tes found %+v", found)
		}
	})

	t.Run("comments", func(t *testing.T) {
		var stories []struct{ Story struct{ ID string } }
		call(http.MethodGet, "/stories?limit=1&fields=id&workspace_id="+ws, nil, &stories)
		entry := stories[0].Story.ID
		var made struct{ Comment tapdComment }
		call(http.MethodPost, "/comments", url.Values{"workspace_id": {ws}, "entry_type": {"stories"}, "entry_id": {entry},
			"description": {"<p>评论内容</p>"}, "author": {"bob"}}, &made)
		if made.Comment.EntryID != entry || made.Comment.Author != "bob" || made.Comment.Description != "<p>评论内容</p>" {
			t.Fatalf("created %+v", made.Comment)
		}
		var list []struct{ Comment tapdComment }
		call(http.MethodGet, "/comments?entry_type=stories&entry_id="+entry+"&workspace_id="+ws, nil, &list)
		if len(list) != 2 || list[1].Comment.ID != made.Comment.ID || list[0].Comment.EntryType != "stories" {
			t.Errorf("comments of %s = %+v", entry, list)
		}
		var count struct{ Count int }
		call(http.MethodGet, "/comments/count?entry_type=bug&workspace_id="+ws, nil, &count)
		if count.Count != 3 {
			t.Errorf("bug comments = %d, want the 3 seeded", count.Count)
		}
	})

	t.Run("members and related bugs", func(t *testing.T) {
		var users []struct{ UserWorkspace tapdUserWorkspace }
		call(http.MethodGet, "/workspaces/users?workspace_id="+ws, nil, &users)
		if len(users) < 2 || !slices.ContainsFunc(users, func(u struct{ UserWorkspace tapdUserWorkspace }) bool {
			return u.UserWorkspace.User == "wangfang" && len(u.UserWorkspace.RoleID) == 1 && u.UserWorkspace.Status == "1"
		}) {
			t.Errorf("workspaces/users = %+v", users)
		}
		var stories []struct{ Story struct{ ID string } }
		call(http.MethodGet, "/stories?limit=1&fields=id&workspace_id="+ws, nil, &stories)
		var related []tapdRelatedBug
		call(http.MethodGet, "/stories/get_related_bugs?workspace_id="+ws+"&story_id="+stories[0].Story.ID, nil, &related)
		if len(related) != 2 || related[0].StoryID != stories[0].Story.ID {
			t.Fatalf("related bugs = %+v", related)
		}
		var bugs []struct{ Bug struct{ ID string } }
		call(http.MethodGet, "/bugs?fields=id&id="+related[0].BugID+"&workspace_id="+ws, nil, &bugs)
		if len(bugs) != 1 {
			t.Errorf("related bug %s is not a bug of the workspace", related[0].BugID)
		}
	})

	t.Run("workspace info", func(t *testing.T) {
		var info struct{ Workspace tapdWorkspace }
		call(http.MethodGet, "/workspaces/get_workspace_info?workspace_id="+ws, nil, &info)
		if info.Workspace.Name != "星河移动" || info.Workspace.Creator == "" || info.Workspace.Created == "" ||
			info.Workspace.Description == "" || info.Workspace.BeginDate != nil {
			t.Errorf("workspace = %+v", info.Workspace)
		}
	})

	t.Run("v_status and fuzzy titles", func(t *testing.T) {
		var stories []struct {
			Story struct{ ID, Name, Status string }
		}
		call(http.MethodGet, "/stories?status=planning&limit=1&workspace_id="+ws, nil, &stories)
		st := stories[0].Story
		var moved struct {
			Story struct {
				Status  string `json:"status"`
				VStatus string `json:"v_status"`
			}
		}
		call(http.MethodPost, "/stories", url.Values{"workspace_id": {ws}, "id": {st.ID}, "v_status": {"实现中"}}, &moved)
		if moved.Story.Status != "developing" || moved.Story.VStatus != "实现中" {
			t.Errorf("v_status 实现中 gave %+v", moved.Story)
		}
		word := []rune(st.Name)[:2]
		var found []struct{ Story struct{ ID string } }
		call(http.MethodGet, "/stories?fields=id&limit=200&name="+url.QueryEscape("%"+string(word)+"%")+"&workspace_id="+ws, nil, &found)
		if !slices.ContainsFunc(found, func(f struct{ Story struct{ ID string } }) bool { return f.Story.ID == st.ID }) {
			t.Errorf("name=%%%s%% did not find %s", string(word), st.ID)
		}
	})
}
