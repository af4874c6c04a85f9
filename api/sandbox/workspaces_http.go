package sandbox

import (
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"triage/api"
)

// The interfaces of workspaces that answer from more than one workspace or
// company: the workspaces a user takes part in, one workspace's
// information, a company's projects. The reads of one workspace's data
// (users, roles, settings) are the world's (meta.go,
// workspace_settings.go), served by serveWorkspaceRead.

// serveParticipantProjects is GET /workspaces/user_participant_projects?nick=:
// the workspaces a user takes part in that the caller may reach, each
// company's own entry (category organization) before its workspaces.
func (s *Server) serveParticipantProjects(ex *exchange) {
	c, q, ok := s.call(ex, true)
	if !ok {
		return
	}
	nick := q.Get("nick")
	if nick == "" && c.Method != methodBasic {
		nick = c.Nick
	}
	if nick == "" {
		ex.fail(fault(http.StatusUnprocessableEntity, "nick is required."))
		return
	}
	if c.Method != methodBasic && nick != c.Nick {
		ex.fail(fault(http.StatusForbidden, fmt.Sprintf("access to user %s is not granted", quoteName(nick))))
		return
	}
	companyFilter := q.Get("company_id")
	s.mu.RLock()
	defer s.mu.RUnlock()
	u := s.userByNick(nick)
	if u == nil {
		ex.fail(fault(http.StatusNotFound, fmt.Sprintf("user %s not existed", quoteName(nick))))
		return
	}
	out := []workspaceWrapper{}
	for i := range s.world.Companies {
		co := &s.world.Companies[i]
		if companyFilter != "" && co.ID != companyFilter {
			continue
		}
		var list []workspaceWrapper
		for _, ws := range s.world.Workspaces {
			if ws.CompanyID == co.ID && slices.Contains(u.Workspaces, ws.ID) && s.mayReach(c.principal, ws) {
				list = append(list, workspaceWrapper{s.world.workspaceRecord(ws)})
			}
		}
		if len(list) == 0 {
			continue
		}
		out = append(out, workspaceWrapper{companyRecord(co)})
		out = append(out, list...)
	}
	ex.ok(out)
}

// serveWorkspaceInfo is GET /workspaces/get_workspace_info?workspace_id=.
func (s *Server) serveWorkspaceInfo(ex *exchange) {
	c, q, ok := s.call(ex, true)
	if !ok {
		return
	}
	s.mu.RLock()
	ws, herr := s.reachWorkspace(c.principal, q)
	var out workspaceWrapper
	if herr == nil {
		out.Workspace = s.world.workspaceRecord(ws)
	}
	s.mu.RUnlock()
	if herr != nil {
		ex.fail(herr)
		return
	}
	ex.ok(out)
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

// serveCompanyProjects is GET /workspaces/projects?company_id=: the
// company's workspaces the caller may reach, member_count a number.
func (s *Server) serveCompanyProjects(ex *exchange) {
	c, q, ok := s.call(ex, true)
	if !ok {
		return
	}
	company, herr := required(q, "company_id")
	if herr != nil {
		ex.fail(herr)
		return
	}
	if category := q.Get("category"); category != "" && category != "project" {
		ex.ok([]any{})
		return
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if !slices.ContainsFunc(s.world.Companies, func(co Company) bool { return co.ID == company }) {
		ex.fail(fault(http.StatusNotFound, fmt.Sprintf("company %s not existed", quoteName(company))))
		return
	}
	out := []map[string]companyProject{}
	for _, ws := range s.world.Workspaces {
		if ws.CompanyID != company || !s.mayReach(c.principal, ws) {
			continue
		}
		info := s.world.workspaceRecord(ws)
		out = append(out, map[string]companyProject{"Workspace": {
			ID: info.ID, Name: info.Name, PrettyName: info.PrettyName, Description: &info.Description, Status: info.Status,
			ParentID: company, Category: "project", Secrecy: "0", Created: info.Created, CreatorID: "0", Creator: info.Creator,
			MemberCount: len(s.world.memberNicks(ws)),
		}})
	}
	ex.ok(out)
}
