package sandbox

import (
	"fmt"
	"net/http"
	"slices"
)

// The interfaces of workspaces that answer from more than one workspace or
// company: the workspaces a user takes part in, one workspace's
// information, a company's projects. The reads of one workspace's data
// (users, roles, settings) and the shapes of a workspace are the world's
// (meta.go, workspaces.go), served by serveWorkspaceRead.

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
