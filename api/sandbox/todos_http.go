package sandbox

import (
	"encoding/json"
	"net/http"
	"strings"

	"triage/api"
)

// The interfaces of a user's to-dos (todos.go builds them).

// serveTodos answers the to-dos of a kind for nick ("" means the user param,
// else the caller's user).
func (s *Server) serveTodos(ex *exchange, kind api.Kind, nick string) {
	c, q, ok := s.call(ex, true)
	if !ok {
		return
	}
	if nick == "" {
		nick = strings.TrimSpace(q.Get("user"))
	}
	if nick == "" {
		nick = c.Nick
	}
	if nick == "" {
		ex.fail(fault(http.StatusUnprocessableEntity, "user is required with an API account: name whose to-dos to list, or call with the user's token"))
		return
	}
	s.answerRead(ex, c.principal, kind, q, func(ws *Workspace) (json.RawMessage, *httpError) {
		return s.world.todos(ws, kind, nick, q)
	})
}

// serveCallerTodos is GET /user_oauth/get_user_todo_story|bug|task: the
// to-dos of the user param, else of the caller's user.
func (s *Server) serveCallerTodos(ex *exchange, kind api.Kind) { s.serveTodos(ex, kind, "") }

// serveUserTodos is /users/todo/{nick}/{entity_type}.
func (s *Server) serveUserTodos(ex *exchange) {
	s.answerUserTodos(ex, ex.r.PathValue("nick"), ex.r.PathValue("entity"))
}

// answerUserTodos answers the to-dos of nick of an entity type, or 404 when
// the path names no nick or no entity type, whatever the method.
func (s *Server) answerUserTodos(ex *exchange, nick, entity string) {
	kind, known := todoKind(entity)
	if !known || nick == "" {
		ex.fail(fault(http.StatusNotFound, "to-dos are at /users/todo/{nick}/{story|bug|task}"))
		return
	}
	s.serveTodos(ex, kind, nick)
}
