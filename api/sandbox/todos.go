package sandbox

import (
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"triage/api"
)

// A user's to-dos: the stories, bugs or tasks of a workspace whose owner
// (a bug's current_owner) names the user and whose status is not final.
// Served at /user_oauth/get_user_todo_story|bug|task (workspace_id, user;
// the token's user by default) and /users/todo/{nick}/{story|bug|task}.
// Shape: user/get_user_todo_story — [{"Story":{...}}], fields= honoured.

// todoKind reads a to-do entity type: story, bug or task.
func todoKind(v string) (api.Kind, bool) {
	switch v {
	case "story":
		return api.Story, true
	case "bug":
		return api.Bug, true
	case "task":
		return api.Task, true
	}
	return 0, false
}

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

// todos lists the open items of kind in ws that nick owns, a page of them
// in the list's order and fields.
func (w *world) todos(ws *Workspace, kind api.Kind, nick string, q url.Values) (json.RawMessage, *httpError) {
	owner := "owner"
	if kind == api.Bug {
		owner = "current_owner"
	}
	f := flowOf(kind)
	var open []string
	for _, c := range f.steps {
		if !slices.Contains(f.last, c.value) {
			open = append(open, c.value)
		}
	}
	list := url.Values{owner: {nick}, "status": {strings.Join(open, "|")}}
	for _, n := range []string{"limit", "page", "order", "fields"} {
		if v, ok := q[n]; ok {
			list[n] = v
		}
	}
	return w.listItems(ws, kind, list)
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
