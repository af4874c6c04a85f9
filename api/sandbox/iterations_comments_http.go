package sandbox

import (
	"encoding/json"
	"net/http"
	"strings"

	"triage/api"
)

// The interfaces of iterations and comments (iterations_comments.go holds
// them).

// serveRecords is GET and POST of /iterations and /comments, and GET of
// their /count.
func (s *Server) serveRecords(ex *exchange, k recordKind, action string) {
	write := ex.r.Method == http.MethodPost && action == ""
	if !write && !isRead(ex.r) {
		ex.methodNotAllowed(http.MethodGet, http.MethodPost)
		return
	}
	c, q, ok := s.call(ex, !write)
	if !ok {
		return
	}
	scope := api.Story
	if k.wrapper == commentKind.wrapper {
		if et := q.Get("entry_type"); et != "" && !strings.Contains(et, "|") {
			kind, known := commentKindOf(et)
			if !known {
				ex.fail(fault(http.StatusUnprocessableEntity, "entry_type must be stories, bug, bug_remark or tasks, got "+quoteName(et)))
				return
			}
			scope = kind
		}
	}
	if !write {
		s.answerRead(ex, c.principal, scope, q, func(ws *Workspace) (json.RawMessage, *httpError) {
			rs := s.world.recordSetOf(ws.ID, k)
			if action == "count" {
				return rs.countRecords(k, q)
			}
			return rs.listRecords(k, q)
		})
		return
	}
	ex.answer(s.writeRecord(c.principal, k, scope, q))
}
