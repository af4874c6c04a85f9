package sandbox

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"triage/api"
)

// Ways a principal authenticated.
const (
	methodBasic    = "basic"
	methodOAuth    = "oauth"
	methodPersonal = "personal"
)

// caller is an authenticated principal and the account name the rate-limit
// message shows.
type caller struct {
	principal
	account string
}

// authenticate resolves the credentials of an API request: Basic (a
// company's API account) or Bearer (an OAuth user token or a personal access
// token). Missing or wrong Basic credentials give 401; a bad Bearer token 422.
func (s *Server) authenticate(r *http.Request) (caller, *httpError) {
	header := strings.TrimSpace(r.Header.Get("Authorization"))
	scheme, cred, _ := strings.Cut(header, " ")
	cred = strings.TrimSpace(cred)
	switch {
	case strings.EqualFold(scheme, "Basic"):
		user, pass, ok := r.BasicAuth()
		if !ok {
			return caller{}, unauthorized()
		}
		return s.authenticateBasic(user, pass)
	case strings.EqualFold(scheme, "Bearer"):
		return s.authenticateBearer(cred)
	}
	return caller{}, unauthorized()
}

// authenticateBasic checks a company API account. Failures are slowed per
// account (guard.go): a locked account gets 429 whatever the password.
func (s *Server) authenticateBasic(user, pass string) (caller, *httpError) {
	key, now := "basic\x00"+user, s.now()
	if wait := s.guard.locked(key, now); wait > 0 {
		return caller{}, tooManyFailures(user, wait)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	for _, c := range s.world.Companies {
		if secretEqual(c.APIUser, user) && secretEqual(c.APIPassword, pass) {
			s.guard.succeed(key)
			return caller{
				principal: principal{Method: methodBasic, CompanyID: c.ID, Key: credentialKey(methodBasic, c.APIUser)},
				account:   c.APIUser,
			}, nil
		}
	}
	s.guard.fail(key, now)
	return caller{}, unauthorized()
}

// authenticateBearer checks an OAuth user token, then a personal access token.
func (s *Server) authenticateBearer(token string) (caller, *httpError) {
	if token == "" || len(token) > 256 {
		return caller{}, fault(http.StatusUnprocessableEntity, api.InfoTokenInvalid)
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	if t, ok := s.tokens[token]; ok {
		if !s.now().Before(t.ExpiresAt) {
			return caller{}, fault(http.StatusUnprocessableEntity, api.InfoTokenExpired)
		}
		return caller{
			principal: principal{Method: methodOAuth, Nick: t.Nick, WorkspaceID: t.WorkspaceID, Scope: t.Scope, Key: credentialKey(methodOAuth, token)},
			account:   t.Nick,
		}, nil
	}
	for _, u := range s.world.Users {
		if u.PersonalToken != "" && secretEqual(u.PersonalToken, token) {
			return caller{
				principal: principal{Method: methodPersonal, Nick: u.Nick, Key: credentialKey(methodPersonal, token)},
				account:   u.Nick,
			}, nil
		}
	}
	return caller{}, fault(http.StatusUnprocessableEntity, api.InfoTokenInvalid)
}

// secretEqual compares a stored secret with a sent one in constant time.
func secretEqual(stored, sent string) bool {
	return subtle.ConstantTimeCompare([]byte(stored), []byte(sent)) == 1
}

// credentialKey names a credential for the rate limiter without keeping it.
func credentialKey(method, secret string) string {
	sum := sha256.Sum256([]byte(method + "\x00" + secret))
	return hex.EncodeToString(sum[:16])
}

// reachWorkspace reads workspace_id and checks that the workspace exists and
// that the principal may reach it. The caller holds s.mu.
func (s *Server) reachWorkspace(p principal, q url.Values) (*Workspace, *httpError) {
	id, herr := workspaceID(q)
	if herr != nil {
		return nil, herr
	}
	ws := s.workspaceByID(id)
	if ws == nil {
		return nil, fault(http.StatusNotFound, fmt.Sprintf("workspace %d not existed", id))
	}
	if !s.mayReach(p, ws) {
		return nil, fault(http.StatusForbidden, fmt.Sprintf("access to workspace %d is not granted", id))
	}
	return ws, nil
}

// mayReach reports whether a principal may reach a workspace: a Basic
// account its company's workspaces, an OAuth token its granted one, a
// personal token the workspaces its user takes part in. The caller holds s.mu.
func (s *Server) mayReach(p principal, ws *Workspace) bool {
	switch p.Method {
	case methodBasic:
		return ws.CompanyID == p.CompanyID
	case methodOAuth:
		return ws.ID == p.WorkspaceID
	case methodPersonal:
		u := s.userByNick(p.Nick)
		return u != nil && slices.Contains(u.Workspaces, ws.ID)
	}
	return false
}

// checkScope refuses an OAuth token whose scope does not let it read (or
// write) items of kind k. Basic accounts and personal tokens have every scope.
func checkScope(p principal, k api.Kind, write bool) *httpError {
	if p.Method != methodOAuth || api.ScopeGrants(p.Scope, k, write) {
		return nil
	}
	perm := "read"
	if write {
		perm = "write"
	}
	return fault(http.StatusForbidden, fmt.Sprintf("the access token's scope does not allow %s#%s (grant %s or %s#%s)", k, perm, k, k, perm))
}

// workspaceByID finds a workspace. The caller holds s.mu.
func (s *Server) workspaceByID(id int64) *Workspace {
	for _, ws := range s.world.Workspaces {
		if ws.ID == id {
			return ws
		}
	}
	return nil
}

// userByNick finds a user. The caller holds s.mu.
func (s *Server) userByNick(nick string) *User { return s.world.userByNick(nick) }

// userByNick finds a user of the world by nick.
func (w *world) userByNick(nick string) *User {
	for i := range w.Users {
		if w.Users[i].Nick == nick {
			return &w.Users[i]
		}
	}
	return nil
}

// clientByID finds a registered OAuth application. The caller holds s.mu.
func (s *Server) clientByID(id string) *OAuthClient {
	for i := range s.world.Clients {
		if s.world.Clients[i].ID == id {
			return &s.world.Clients[i]
		}
	}
	return nil
}
