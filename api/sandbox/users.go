package sandbox

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"

	"triage/api"
)

// serveTestAuth is GET /quickstart/testauth: Basic credentials echoed back.
func (s *Server) serveTestAuth(ex *exchange) {
	if !isRead(ex.r) {
		ex.methodNotAllowed(http.MethodGet)
		return
	}
	user, pass, ok := ex.r.BasicAuth()
	if !ok {
		ex.fail(unauthorized())
		return
	}
	c, herr := s.authenticateBasic(user, pass)
	if herr != nil {
		ex.fail(herr)
		return
	}
	if !s.limitRate(ex, c.Key, c.account) {
		return
	}
	ip, _, err := net.SplitHostPort(ex.r.RemoteAddr)
	if err != nil {
		ip = ex.r.RemoteAddr
	}
	ex.ok(api.TestAuthRecord{APIUser: user, APIPassword: pass, RequestIP: ip})
}

// serveUserInfo is GET /users/info: the user behind an OAuth or personal token.
func (s *Server) serveUserInfo(ex *exchange) {
	c, ok := s.apiCaller(ex)
	if !ok {
		return
	}
	if c.Method == methodBasic {
		ex.fail(fault(http.StatusForbidden, "users/info needs a user token: an OAuth access token or a personal access token"))
		return
	}
	s.mu.RLock()
	u := s.userByNick(c.Nick)
	var out api.User
	if u != nil {
		out = userRecord(u)
	}
	s.mu.RUnlock()
	if u == nil {
		ex.fail(fault(http.StatusNotFound, fmt.Sprintf("user %s not existed", quoteName(c.Nick))))
		return
	}
	ex.ok(out)
}

func userRecord(u *User) api.User {
	return api.User{
		ID: api.FlexString(u.ID), Nick: api.FlexString(u.Nick), Name: api.FlexString(u.Name),
		Avatar: "", Enabled: "1", StatusID: "1", StatusName: "正常",
	}
}

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
	out := []api.WorkspaceWrapper{}
	for i := range s.world.Companies {
		co := &s.world.Companies[i]
		if companyFilter != "" && co.ID != companyFilter {
			continue
		}
		var list []api.WorkspaceWrapper
		for _, ws := range s.world.Workspaces {
			if ws.CompanyID == co.ID && slices.Contains(u.Workspaces, ws.ID) && s.mayReach(c.principal, ws) {
				list = append(list, api.WorkspaceWrapper{Workspace: workspaceRecord(ws)})
			}
		}
		if len(list) == 0 {
			continue
		}
		out = append(out, api.WorkspaceWrapper{Workspace: companyRecord(co)})
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
	var out api.WorkspaceWrapper
	if herr == nil {
		out.Workspace = workspaceRecord(ws)
	}
	s.mu.RUnlock()
	if herr != nil {
		ex.fail(herr)
		return
	}
	ex.ok(out)
}

func workspaceRecord(ws *Workspace) api.Workspace {
	id := strconv.FormatInt(ws.ID, 10)
	return api.Workspace{
		ID: api.FlexString(id), Name: api.FlexString(ws.Name), PrettyName: api.FlexString(id),
		Category: "project", Status: "normal", CompanyID: api.FlexString(ws.CompanyID),
	}
}

func companyRecord(co *Company) api.Workspace {
	return api.Workspace{
		ID: api.FlexString(co.ID), Name: api.FlexString(co.Name), PrettyName: api.FlexString(co.ID),
		Category: api.CategoryOrganization, Status: "normal", CompanyID: api.FlexString(co.ID),
	}
}

// apiCaller authenticates an API request and counts it against the rate
// limit; on failure it has answered and reports false.
func (s *Server) apiCaller(ex *exchange) (caller, bool) {
	if !isRead(ex.r) {
		ex.methodNotAllowed(http.MethodGet)
		return caller{}, false
	}
	return s.authorized(ex)
}

// call authenticates a request (only a GET when readOnly) and reads its
// parameters; it reports false when it has answered the request already.
func (s *Server) call(ex *exchange, readOnly bool) (caller, url.Values, bool) {
	var (
		c  caller
		ok bool
	)
	if readOnly {
		c, ok = s.apiCaller(ex)
	} else {
		c, ok = s.authorized(ex)
	}
	if !ok {
		return caller{}, nil, false
	}
	q, herr := ex.params()
	if herr != nil {
		ex.fail(herr)
		return caller{}, nil, false
	}
	return c, q, true
}

// authorized authenticates a request and counts it against the rate limit.
func (s *Server) authorized(ex *exchange) (caller, bool) {
	c, herr := s.authenticate(ex.r)
	if herr != nil {
		ex.fail(herr)
		return caller{}, false
	}
	if !s.limitRate(ex, c.Key, c.account) {
		return caller{}, false
	}
	return c, true
}

// isRead reports a GET (or HEAD) request.
func isRead(r *http.Request) bool { return r.Method == http.MethodGet || r.Method == http.MethodHead }
