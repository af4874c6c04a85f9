package sandbox_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
)

// TestCatalogRecords replays, against a running sandbox, the
// list, count and write of each record TAPD keeps around items, as its doc
// pages show them, and checks the values.
func TestCatalogRecords(t *testing.T) {
	s := startService(t)
	c := basicClient(t, s)
	ws := url.Values{"workspace_id": {interfacesWSZh}}

	t.Run("releases", func(t *testing.T) { // release/get_releases
		c := c.on(t)
		var list []struct {
			Release struct{ ID, WorkspaceID, Name, Startdate, Enddate, Status string }
		}
		c.get("/releases", ws, &list)
		if len(list) != 2 || list[0].Release.Name != "1.0 版本" || list[0].Release.Status != "open" ||
			list[0].Release.Startdate == "" || list[0].Release.Enddate < list[0].Release.Startdate || c.count("/releases", ws) != 2 {
			t.Errorf("releases = %+v", list)
		}
	})

	t.Run("labels", func(t *testing.T) { // label/query_label, label/add_label
		c := c.on(t)
		var made struct {
			LabelPool struct {
				ID         string `json:"id"`
				Name       string `json:"name"`
				Color      string `json:"color"`
				ColorValue string `json:"color_value"`
				Creator    string `json:"creator"`
			}
		}
		before := c.count("/label", ws)
		c.post("/label", url.Values{"workspace_id": ws["workspace_id"], "name": {"紧急"}, "color": {"2"}, "creator": {"wangfang"}}, &made)
		if made.LabelPool.Name != "紧急" || made.LabelPool.Color != "2" || made.LabelPool.ColorValue != "#F85E5E" || made.LabelPool.Creator != "wangfang" || c.count("/label", ws) != before+1 {
			t.Errorf("label = %+v", made.LabelPool)
		}
	})

	t.Run("modules", func(t *testing.T) { // setting/get_modules, setting/add_module
		c := c.on(t)
		var list []struct {
			Module struct{ ID, Name, Owner, Created string }
		}
		c.get("/modules", ws, &list)
		if len(list) == 0 || list[0].Module.Name == "" || list[0].Module.Owner == "" {
			t.Fatalf("modules = %+v", list)
		}
		var made struct {
			Module struct{ ID, Name, Owner string }
		}
		c.post("/modules", url.Values{"workspace_id": ws["workspace_id"], "name": {"支付"}, "owner": {"wangfang"}}, &made)
		if made.Module.Name != "支付" || made.Module.Owner != "wangfang" || c.count("/modules", ws) != len(list)+1 {
			t.Errorf("module = %+v", made.Module)
		}
	})

	t.Run("versions", func(t *testing.T) { // setting/get_versions
		c := c.on(t)
		var list []struct {
			Version struct {
				ID          string  `json:"id"`
				Name        string  `json:"name"`
				Description *string `json:"description"`
				Status      string  `json:"status"`
				Completed   string  `json:"completed"`
				WorkspaceID string  `json:"workspace_id"`
			}
		}
		c.get("/versions", url.Values{"workspace_id": ws["workspace_id"], "status": {"Unclosed"}}, &list)
		if len(list) != 1 || list[0].Version.Name != "1.1" || list[0].Version.Description != nil || list[0].Version.WorkspaceID != interfacesWSZh {
			t.Errorf("open versions = %+v", list)
		}
	})

	t.Run("features", func(t *testing.T) { // setting/get_features
		c := c.on(t)
		var list []struct {
			Feature struct {
				Name        string `json:"name"`
				ModuleID    string `json:"module_id"`
				ReleaseID   string `json:"release_id"`
				ReleaseName string `json:"release_name"`
			}
		}
		c.get("/features", ws, &list)
		if len(list) != 1 || list[0].Feature.Name != "登录" || list[0].Feature.ReleaseName != "1.0 版本" || list[0].Feature.ModuleID == "" {
			t.Errorf("features = %+v", list)
		}
	})

	t.Run("story categories", func(t *testing.T) { // story/get_story_categories, story/add_story_category
		c := c.on(t)
		var list []struct {
			Category struct {
				ID       string  `json:"id"`
				Name     string  `json:"name"`
				ParentID string  `json:"parent_id"`
				Creator  *string `json:"creator"`
			}
		}
		c.get("/story_categories", ws, &list)
		if len(list) != 2 || list[0].Category.ID != "-1" || list[0].Category.Name != "未分类" || list[0].Category.Creator != nil {
			t.Fatalf("categories = %+v", list)
		}
		var made struct {
			Category struct {
				Name     string `json:"name"`
				ParentID string `json:"parent_id"`
			}
		}
		c.post("/story_categories", url.Values{"workspace_id": ws["workspace_id"], "name": {"技术需求"}}, &made)
		if made.Category.Name != "技术需求" || made.Category.ParentID != "0" || c.count("/story_categories", ws) != 3 {
			t.Errorf("category = %+v", made.Category)
		}
	})

	t.Run("story templates and removed stories", func(t *testing.T) { // story/get_story_template_list, story/get_removed_stories
		c := c.on(t)
		var templates []struct {
			WorkitemTemplate struct{ ID, Name, Default, EditorType string }
		}
		c.get("/stories/template_list", ws, &templates)
		if len(templates) != 1 || templates[0].WorkitemTemplate.Name != "系统默认模板" || templates[0].WorkitemTemplate.Default != "1" {
			t.Errorf("templates = %+v", templates)
		}
		var removed []struct {
			RemovedStory struct {
				ID            string `json:"id"`
				OperationUser string `json:"operation_user"`
				Deleted       string `json:"deleted"`
				IsArchived    string `json:"is_archived"`
			}
		}
		c.get("/stories/get_removed_stories", ws, &removed)
		if len(removed) != 1 || removed[0].RemovedStory.Deleted == "" || removed[0].RemovedStory.IsArchived != "0" || removed[0].RemovedStory.OperationUser == "" {
			t.Errorf("removed stories = %+v", removed)
		}
	})

	t.Run("timesheets", func(t *testing.T) { // timesheet/get_timesheets, timesheet/add_timesheet
		c := c.on(t)
		task := c.firstIDs(interfacesWSZh, "tasks", 1)[0]
		var made struct {
			Timesheet struct {
				ID, EntityType, EntityID, Timespent, Spentdate, Owner string
				WorkspaceID                                           string `json:"workspace_id"`
			}
		}
		c.post("/timesheets", url.Values{"workspace_id": ws["workspace_id"], "entity_type": {"task"}, "entity_id": {task},
			"timespent": {"1.5"}, "spentdate": {"2026-03-02"}, "owner": {"wangfang"}, "memo": {"联调"}}, &made)
		if made.Timesheet.Timespent != "1.5" || made.Timesheet.Owner != "wangfang" || made.Timesheet.WorkspaceID != interfacesWSZh {
			t.Errorf("timesheet = %+v", made.Timesheet)
		}
		var list []struct{ Timesheet struct{ ID, Memo string } }
		c.get("/timesheets", url.Values{"workspace_id": ws["workspace_id"], "spentdate": {"2026-03-02"}, "owner": {"wangfang"}}, &list)
		if len(list) != 1 || list[0].Timesheet.Memo != "联调" || c.count("/timesheets", ws) != 3 {
			t.Errorf("timesheets of the day = %+v", list)
		}
	})

	t.Run("test cases and plans", func(t *testing.T) { // tcase/get_tcases, tcase/get_test_plans, their fields info
		c := c.on(t)
		var cases []map[string]map[string]*string
		c.get("/tcases", ws, &cases)
		if len(cases) != 2 || *cases[0]["Tcase"]["name"] != "密码登录" || cases[0]["Tcase"]["custom_field_50"] != nil ||
			*cases[0]["Tcase"]["status"] != "normal" {
			t.Errorf("tcases = %d, first %v", len(cases), cases)
		}
		var plans []struct {
			TestPlan struct{ ID, Name, Status, Owner string }
		}
		c.get("/test_plans", ws, &plans)
		if len(plans) != 1 || plans[0].TestPlan.Status != "open" || !strings.HasSuffix(plans[0].TestPlan.Owner, ";") {
			t.Errorf("test plans = %+v", plans)
		}
		var made struct {
			TestPlan struct{ Name, Status, Creator string }
		}
		c.post("/test_plans", url.Values{"workspace_id": ws["workspace_id"], "name": {"回归"}, "creator": {"wangfang"}}, &made)
		if made.TestPlan.Name != "回归" || made.TestPlan.Status != "open" || c.count("/test_plans", ws) != 2 {
			t.Errorf("test plan = %+v", made.TestPlan)
		}
		for path, status := range map[string]string{"/tcases/get_fields_info": "normal", "/test_plans/get_fields_info": "open"} {
			var info map[string]struct {
				Name     string          `json:"name"`
				Label    string          `json:"label"`
				HTMLType string          `json:"html_type"`
				Options  json.RawMessage `json:"options"`
			}
			c.get(path, ws, &info)
			var options map[string]string
			if err := json.Unmarshal(info["status"].Options, &options); err != nil || options[status] == "" ||
				info["status"].HTMLType != "select" || string(info["id"].Options) != "[]" || info["id"].Label != "ID" {
				t.Errorf("%s: status %+v, id %+v (%v)", path, info["status"], info["id"], err)
			}
		}
	})

	t.Run("wikis and attachments", func(t *testing.T) { // wiki/get_tapd_wikis, attachment/get_attachments
		c := c.on(t)
		var wikis []struct {
			Wiki struct {
				Name                string `json:"name"`
				MarkdownDescription string `json:"markdown_description"`
				ViewCount           string `json:"view_count"`
			}
		}
		c.get("/tapd_wikis", ws, &wikis)
		if len(wikis) != 1 || wikis[0].Wiki.Name != "团队手册" || wikis[0].Wiki.ViewCount != "3" {
			t.Errorf("wikis = %+v", wikis)
		}
		story := c.firstIDs(interfacesWSZh, "stories", 1)[0]
		var files []struct {
			Attachment struct {
				Type        string `json:"type"`
				EntryID     string `json:"entry_id"`
				Filename    string `json:"filename"`
				ContentType string `json:"content_type"`
			}
		}
		c.get("/attachments", url.Values{"workspace_id": ws["workspace_id"], "type": {"story"}, "entry_id": {story}}, &files)
		if len(files) != 1 || files[0].Attachment.Type != "story" || files[0].Attachment.ContentType != "image/png" || c.count("/attachments", ws) != 4 {
			t.Errorf("attachments = %+v", files)
		}
	})
}
