package sandbox

import (
	"encoding/json"
	"net/http"
	"net/url"

	"triage/api"
)

// How a handler of the API takes a call: authenticate it, count it against
// the rate limit, read its parameters; and how it answers a read of a
// workspace's data under the read lock.

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

// workspaceRead builds the data of a GET of a workspace's data; the caller
// holds the read lock.
type workspaceRead func(w *world, ws *Workspace, q url.Values) (json.RawMessage, *httpError)

// serveWorkspaceRead is a GET of a workspace's data that needs the read
// scope of kind.
func (s *Server) serveWorkspaceRead(ex *exchange, kind api.Kind, read workspaceRead) {
	c, q, ok := s.call(ex, true)
	if !ok {
		return
	}
	s.answerRead(ex, c.principal, kind, q, func(ws *Workspace) (json.RawMessage, *httpError) { return read(s.world, ws, q) })
}

// answerRead checks the workspace and the read scope, then answers what read
// builds under the read lock.
func (s *Server) answerRead(ex *exchange, p principal, kind api.Kind, q url.Values, read func(*Workspace) (json.RawMessage, *httpError)) {
	s.mu.RLock()
	ws, herr := s.reachWorkspace(p, q)
	if herr == nil {
		herr = checkScope(p, kind, false)
	}
	var data json.RawMessage
	if herr == nil {
		data, herr = read(ws)
	}
	s.mu.RUnlock()
	ex.answer(data, herr)
}
