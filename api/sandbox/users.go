package sandbox

import (
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"triage/api"
)

// serveTestAuth is GET /quickstart/testauth: Basic credentials echoed back.
// A personal access token sent as Bearer is checked too, answering for the
// token's user; the token itself is not echoed.
func (s *Server) serveTestAuth(ex *exchange) {
	if !isRead(ex.r) {
		ex.methodNotAllowed(http.MethodGet)
		return
	}
	ip, _, err := net.SplitHostPort(ex.r.RemoteAddr)
	if err != nil {
		ip = ex.r.RemoteAddr
	}
	if scheme, token, _ := strings.Cut(strings.TrimSpace(ex.r.Header.Get("Authorization")), " "); strings.EqualFold(scheme, "Bearer") {
		c, herr := s.authenticateBearer(strings.TrimSpace(token))
		if herr == nil && c.Method != methodPersonal {
			herr = unauthorized()
		}
		if herr != nil {
			ex.fail(herr)
			return
		}
		if s.limitRate(ex, c.Key, c.account) {
			ex.ok(api.TestAuthRecord{APIUser: c.Nick, RequestIP: ip})
		}
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
