package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"

	"triage/api"
)

// Roles, sub-workspaces, a company's projects, workspace settings and
// personal settings. Shapes: workspace/roles (user/get_roles),
// workspace/get_sub_workspaces, workspace/projects,
// setting/get_workspace_setting, user/get_personal_setting.

// workspaceRoles are the roles of every workspace, id → name; the ids the
// members' role_id name (meta.go) are among them.
var workspaceRoles = []struct {
	id   string
	name text
}{
	{"1000000000000000002", text{"Administrator", "管理员"}},
	{"1000000000000000003", text{"Developer", "开发人员"}},
	{"1000000000000000010", text{"Tester", "测试人员"}},
	{"1000000000000000015", text{"Product manager", "产品人员"}},
	{"1000000000000000006", text{"Follower", "关注人"}},
	{"1000000000000000018", text{"Guest", "访客"}},
}

// roles is the data of GET /roles: role id → name.
func (w *world) roles(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) {
	pairs := make([]api.Option, len(workspaceRoles))
	for i, r := range workspaceRoles {
		pairs[i] = api.Option{Value: r.id, Label: r.name.in(ws.Locale)}
	}
	return marshalData(api.Options{Pairs: pairs})
}

// subWorkspace is the workspace of /workspaces/sub_workspaces, with its
// template.
type subWorkspace struct {
	workspaceInfo
	TemplateID string `json:"template_id"`
}

// subWorkspaces is the data of GET /workspaces/sub_workspaces: the seed's
// workspaces have no children, so it is the workspace itself, as TAPD's
// example answers {"Workspace":{...}}.
func (w *world) subWorkspaces(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) {
	return marshalData(map[string]subWorkspace{"Workspace": {workspaceInfo: w.workspaceRecord(ws), TemplateID: "1000000000000000020"}})
}

// workspaceSetting is the data of GET /settings/get_workspace_setting?type=:
// is_enabled_story_category (a number, 1: the category tree is on) or
// workspace_metrology (day or hour).
func (w *world) workspaceSetting(_ *Workspace, q url.Values) (json.RawMessage, *httpError) {
	kind, herr := required(q, "type")
	if herr != nil {
		return nil, herr
	}
	switch kind {
	case "is_enabled_story_category":
		return marshalData(map[string]int{kind: 1})
	case "workspace_metrology":
		return marshalData(map[string]string{kind: "day"})
	}
	return nil, unprocessable("type must be is_enabled_story_category or workspace_metrology, got %s", quoteShort(kind))
}

// messageSetting is one entry of a personal setting's message_setting.
type messageSetting struct {
	Type    string   `json:"type"`
	Disable []string `json:"disable"`
	Enable  []string `json:"enable"`
}

// personalSetting is the data of GET /users/get_personal_setting.
type personalSetting struct {
	Language       string           `json:"language"`
	MessageSetting []messageSetting `json:"message_setting"`
}

// personalSettingOf is a member's personal setting: the workspace's
// language, and every notification of followed stories, tasks and bugs on.
func (w *world) personalSettingOf(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
	nick, herr := required(q, "nick")
	if herr != nil {
		return nil, herr
	}
	if !slices.Contains(w.memberNicks(ws), nick) {
		return nil, fault(http.StatusNotFound, fmt.Sprintf("user %s is not a member of workspace %d", quoteName(nick), ws.ID))
	}
	out := personalSetting{Language: "en_US"}
	if ws.Locale == "zh" {
		out.Language = "zh_CN"
	}
	for _, channel := range []string{"LETTER", "MAIL", "WX"} {
		for _, entity := range []string{"STORY", "TASK", "BUG"} {
			prefix := channel + "_" + entity + "_FOLLOW_"
			out.MessageSetting = append(out.MessageSetting, messageSetting{
				Type: channel + "_" + entity, Disable: []string{},
				Enable: []string{prefix + "UPDATE", prefix + "UPDATE_STATUS", prefix + "DELETE", prefix + "ADD_COMMENT"},
			})
		}
	}
	return marshalData(out)
}
