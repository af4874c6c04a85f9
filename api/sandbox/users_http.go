package sandbox

import (
	"fmt"
	"net"
	"net/http"
	"strings"

	"triage/api"
)

// serveTestAuth is GET /quickstart/testauth: Basic credentials echoed back.
// A personal access token sent as Bearer is checked too, answering for the
// token's user; the token itself is not echoed.
func (s *Server) serveTestAuth(ex *exchange) {
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
