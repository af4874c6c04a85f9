package sandbox

import (
	"encoding/json"
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
