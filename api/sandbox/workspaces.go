package sandbox

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"triage/api"
)

// A workspace as TAPD writes it, its roles, sub-workspaces, a company's
// projects, workspace settings and personal settings. Shapes: workspace/roles (user/get_roles),
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

// workspaceInfo is a workspace as TAPD writes it: every field present, the
// ones without a value as null.
type workspaceInfo struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	PrettyName  string  `json:"pretty_name"`
	Category    string  `json:"category"`
	Status      string  `json:"status"`
	Description string  `json:"description"`
	BeginDate   *string `json:"begin_date"`
	EndDate     *string `json:"end_date"`
	ExternalOn  string  `json:"external_on"`
	ParentID    *string `json:"parent_id"`
	Creator     string  `json:"creator"`
	Created     string  `json:"created"`
	CompanyID   string  `json:"company_id"`
}

// workspaceWrapper is the wire form {"Workspace":{...}}.
type workspaceWrapper struct {
	Workspace workspaceInfo `json:"Workspace"`
}

func (w *world) workspaceRecord(ws *Workspace) workspaceInfo {
	id := strconv.FormatInt(ws.ID, 10)
	return workspaceInfo{
		ID: id, Name: ws.Name, PrettyName: id, Category: "project", Status: "normal",
		Description: text{"Seeded workspace of the triage sandbox.", "triage 沙盒的示例项目。"}.in(ws.Locale),
		ExternalOn:  "0", Creator: w.memberNicks(ws)[0], Created: seedEpoch, CompanyID: ws.CompanyID,
	}
}

func companyRecord(co *Company) workspaceInfo {
	return workspaceInfo{
		ID: co.ID, Name: co.Name, PrettyName: co.ID, Category: api.CategoryOrganization, Status: "normal",
		ExternalOn: "0", Created: seedEpoch, CompanyID: co.ID,
	}
}

// companyProject is one entry of /workspaces/projects.
type companyProject struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	PrettyName  string  `json:"pretty_name"`
	Description *string `json:"description"`
	Status      string  `json:"status"`
	ParentID    string  `json:"parent_id"`
	Category    string  `json:"category"`
	Secrecy     string  `json:"secrecy"`
	Created     string  `json:"created"`
	CreatorID   string  `json:"creator_id"`
	Creator     string  `json:"creator"`
	BeginDate   *string `json:"begin_date"`
	EndDate     *string `json:"end_date"`
	MemberCount int     `json:"member_count"`
}
