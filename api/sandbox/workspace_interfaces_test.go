package sandbox_test

import (
	"net/url"
	"testing"
)

// TestWorkspaceInterfaces replays, against a running sandbox,
// the calls about a workspace's setup (roles, sub-workspaces, the company's
// projects, settings, workflows, iteration types and fields) as TAPD's doc
// pages show them, and checks the values.
func TestWorkspaceInterfaces(t *testing.T) {
	s := startService(t)
	c := basicClient(t, s)
	ws := url.Values{"workspace_id": {interfacesWSZh}}

	t.Run("roles", func(t *testing.T) { // workspace/roles
		c := c.on(t)
		var roles map[string]string
		c.get("/roles", ws, &roles)
		var members []struct {
			UserWorkspace struct {
				RoleID []string `json:"role_id"`
			}
		}
		c.get("/workspaces/users", ws, &members)
		if roles["1000000000000000002"] != "管理员" || len(members) == 0 {
			t.Fatalf("roles = %v", roles)
		}
		for _, m := range members {
			if roles[m.UserWorkspace.RoleID[0]] == "" {
				t.Errorf("member role %s is not among the roles", m.UserWorkspace.RoleID[0])
			}
		}
	})

	t.Run("sub-workspaces and company projects", func(t *testing.T) { // workspace/get_sub_workspaces, workspace/projects
		c := c.on(t)
		var sub struct {
			Workspace struct {
				ID         string  `json:"id"`
				Name       string  `json:"name"`
				BeginDate  *string `json:"begin_date"`
				TemplateID string  `json:"template_id"`
				CompanyID  string  `json:"company_id"`
			}
		}
		c.get("/workspaces/sub_workspaces", ws, &sub)
		if sub.Workspace.ID != interfacesWSZh || sub.Workspace.Name != "星河移动" || sub.Workspace.TemplateID == "" {
			t.Fatalf("sub_workspaces = %+v", sub)
		}
		var projects []struct {
			Workspace struct {
				ID          string  `json:"id"`
				Name        string  `json:"name"`
				Category    string  `json:"category"`
				ParentID    string  `json:"parent_id"`
				EndDate     *string `json:"end_date"`
				MemberCount int     `json:"member_count"`
			}
		}
		c.get("/workspaces/projects", url.Values{"company_id": {sub.Workspace.CompanyID}, "category": {"project"}}, &projects)
		found := false
		for _, p := range projects {
			if p.Workspace.ID == interfacesWSZh {
				found = p.Workspace.MemberCount >= 2 && p.Workspace.Category == "project" && p.Workspace.ParentID == sub.Workspace.CompanyID
			}
		}
		if !found {
			t.Errorf("projects of %s = %+v", sub.Workspace.CompanyID, projects)
		}
	})

	t.Run("settings", func(t *testing.T) { // setting/get_workspace_setting, user/get_personal_setting
		c := c.on(t)
		var metrology struct {
			WorkspaceMetrology string `json:"workspace_metrology"`
		}
		c.get("/settings/get_workspace_setting", url.Values{"workspace_id": ws["workspace_id"], "type": {"workspace_metrology"}}, &metrology)
		var category struct {
			IsEnabledStoryCategory int `json:"is_enabled_story_category"`
		}
		c.get("/settings/get_workspace_setting", url.Values{"workspace_id": ws["workspace_id"], "type": {"is_enabled_story_category"}}, &category)
		if metrology.WorkspaceMetrology != "day" || category.IsEnabledStoryCategory != 1 {
			t.Errorf("settings: %+v %+v", metrology, category)
		}
		var personal struct {
			Language       string `json:"language"`
			MessageSetting []struct {
				Type    string   `json:"type"`
				Disable []string `json:"disable"`
				Enable  []string `json:"enable"`
			} `json:"message_setting"`
		}
		c.get("/users/get_personal_setting", url.Values{"workspace_id": ws["workspace_id"], "nick": {"wangfang"}}, &personal)
		if personal.Language != "zh_CN" || len(personal.MessageSetting) == 0 || personal.MessageSetting[0].Disable == nil ||
			len(personal.MessageSetting[0].Enable) != 4 {
			t.Errorf("personal setting = %+v", personal)
		}
	})

	t.Run("workflows", func(t *testing.T) { // workflow/get_workflows, get_workflow_step_map, get_workflow_all_last_steps
		c := c.on(t)
		var flows []struct {
			Workflow struct {
				ID         string `json:"id"`
				SystemName string `json:"system_name"`
				IsDefault  string `json:"is_default"`
				Type       string `json:"type"`
			}
		}
		c.get("/workflows", ws, &flows)
		if len(flows) != 2 || flows[0].Workflow.SystemName != "story" || flows[1].Workflow.SystemName != "bugtrace" || flows[0].Workflow.IsDefault != "1" {
			t.Errorf("workflows = %+v", flows)
		}
		var phases []struct {
			Name  string `json:"name"`
			Label string `json:"label"`
			Steps []struct {
				Name  string `json:"name"`
				Label string `json:"label"`
			} `json:"steps"`
		}
		c.get("/workflows/step_map", url.Values{"workspace_id": ws["workspace_id"], "system": {"story"}}, &phases)
		if len(phases) != 5 || phases[0].Name != "new" || phases[0].Label != "开始阶段" || len(phases[0].Steps) != 2 ||
			phases[0].Steps[1].Name != "planning" || phases[0].Steps[1].Label != "规划中" {
			t.Errorf("step_map = %+v", phases)
		}
		var types []struct{ WorkitemType struct{ ID string } }
		c.get("/workitem_types", ws, &types)
		var last map[string]map[string]string
		c.get("/workflows/all_last_steps", url.Values{"workspace_id": ws["workspace_id"], "system": {"story"}, "group_key": {"workitem_type_id"}}, &last)
		if last[types[0].WorkitemType.ID]["resolved"] != "已实现" || len(last[types[0].WorkitemType.ID]) != 2 {
			t.Errorf("all_last_steps = %v", last)
		}
	})

	t.Run("iteration types and fields", func(t *testing.T) { // iteration/workitem_types, iteration/get_iteration_custom_fields_settings
		c := c.on(t)
		var types []struct {
			WorkitemType struct {
				ID          string `json:"id"`
				WorkspaceID string `json:"workspace_id"`
				EntityType  string `json:"entity_type"`
				Name        string `json:"name"`
			}
		}
		c.get("/iterations/workitem_types", ws, &types)
		if len(types) != 1 || types[0].WorkitemType.EntityType != "iteration" || types[0].WorkitemType.Name != "迭代" {
			t.Errorf("iteration types = %+v", types)
		}
		var fields []struct {
			CustomFieldConfig struct {
				EntryType   string  `json:"entry_type"`
				CustomField string  `json:"custom_field"`
				Type        string  `json:"type"`
				Name        string  `json:"name"`
				Options     *string `json:"options"`
				Enabled     string  `json:"enabled"`
				Memo        *string `json:"memo"`
			}
		}
		c.get("/iterations/custom_fields_settings", ws, &fields)
		if len(fields) != 1 || fields[0].CustomFieldConfig.EntryType != "iteration" || fields[0].CustomFieldConfig.Name != "迭代目标" ||
			fields[0].CustomFieldConfig.Options != nil {
			t.Errorf("iteration custom fields = %+v", fields)
		}
	})
}
