package sandbox

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"triage/api"
)

// greeting is the data of an unknown path: status 1 and a string, as the
// real service answers, so a client must check the shape of data.
const greeting = "Hello, this is the TAPD open API (triage sandbox)."

// route dispatches a request by path.
func (s *Server) route(ex *exchange) {
	path := ex.r.URL.Path
	if path == "/oauth" || strings.HasPrefix(path, "/oauth/") {
		s.serveOAuth(ex)
		return
	}
	if path == webLoginPath {
		s.serveWebLogin(ex)
		return
	}
	if s.routeItemPage(ex) {
		return
	}
	if len(path) > 1 {
		path = strings.TrimSuffix(path, "/")
	}
	switch path {
	case "/tokens/request_token":
		s.serveToken(ex)
		return
	case "/quickstart/testauth":
		s.serveTestAuth(ex)
		return
	case "/users/info":
		s.serveUserInfo(ex)
		return
	case "/workspaces/user_participant_projects":
		s.serveParticipantProjects(ex)
		return
	case "/workspaces/get_workspace_info":
		s.serveWorkspaceInfo(ex)
		return
	case "/workspaces/users":
		s.serveWorkspaceRead(ex, api.Story, func(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
			return s.world.workspaceUsers(ws, q)
		})
		return
	case "/workitem_types":
		s.serveWorkspaceRead(ex, api.Story, func(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) {
			return s.world.workitemTypes(ws)
		})
		return
	case "/stories/get_related_bugs":
		s.serveWorkspaceRead(ex, api.Bug, func(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
			return s.world.relatedBugs(ws, q)
		})
		return
	}
	if s.routeInterfaces(ex, path) {
		return
	}
	collection, action, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	switch collection {
	case "workflows":
		switch action {
		case "status_map", "all_transitions", "last_steps":
			s.serveWorkflow(ex, action)
			return
		}
	case "iterations", "comments":
		k := iterationKind
		if collection == "comments" {
			k = commentKind
		}
		switch action {
		case "", "count":
			s.serveRecords(ex, k, action)
			return
		}
	}
	if kind, ok := kindOf(collection); ok {
		switch action {
		case "":
			s.serveItems(ex, kind)
			return
		case "count", "get_fields_info", "custom_fields_settings":
			s.serveItemInfo(ex, kind, action)
			return
		case "get_fields_lable":
			if kind != api.Task {
				s.serveItemInfo(ex, kind, action)
				return
			}
		}
	}
	ex.ok(greeting)
}

// serveItems is GET (list) and POST (create or update) of /stories, /bugs, /tasks.
func (s *Server) serveItems(ex *exchange, kind api.Kind) {
	write := ex.r.Method == http.MethodPost
	if !write && !isRead(ex.r) {
		ex.methodNotAllowed(http.MethodGet, http.MethodPost)
		return
	}
	c, q, ok := s.call(ex, false)
	if !ok {
		return
	}
	if !write {
		if acceptsGzip(ex.r.Header.Values("Accept-Encoding")) && s.answerGzippedList(ex, c.principal, kind, q) {
			return
		}
		s.answerRead(ex, c.principal, kind, q, func(ws *Workspace) (json.RawMessage, *httpError) {
			return s.listItems(ws, kind, q)
		})
		return
	}
	data, herr := s.writeAndSave(c.principal, kind, q)
	if herr != nil {
		ex.fail(herr)
		return
	}
	ex.okRaw(data)
}

// serveItemInfo is GET /{kind}/count, /get_fields_info, /get_fields_lable
// and /custom_fields_settings.
func (s *Server) serveItemInfo(ex *exchange, kind api.Kind, action string) {
	c, q, ok := s.call(ex, true)
	if !ok {
		return
	}
	s.answerRead(ex, c.principal, kind, q, func(ws *Workspace) (json.RawMessage, *httpError) {
		switch action {
		case "count":
			return s.countItems(ws, kind, q)
		case "get_fields_lable":
			return fieldLabels(ws, kind)
		case "custom_fields_settings":
			return customFieldSettings(ws, kind)
		}
		return s.world.fieldsInfo(ws, kind)
	})
}

// serveWorkspaceRead is a GET of a workspace's data that needs the read
// scope of kind.
func (s *Server) serveWorkspaceRead(ex *exchange, kind api.Kind, read func(*Workspace, url.Values) (json.RawMessage, *httpError)) {
	c, q, ok := s.call(ex, true)
	if !ok {
		return
	}
	s.answerRead(ex, c.principal, kind, q, func(ws *Workspace) (json.RawMessage, *httpError) { return read(ws, q) })
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
	if herr != nil {
		ex.fail(herr)
		return
	}
	ex.okRaw(data)
}

// answerGzippedList answers a full-field list from the items' deflated
// answers (gzip_page.go); it reports false, having answered nothing, for a
// list with fields=.
func (s *Server) answerGzippedList(ex *exchange, p principal, kind api.Kind, q url.Values) bool {
	s.mu.RLock()
	ws, herr := s.reachWorkspace(p, q)
	if herr == nil {
		herr = checkScope(p, kind, false)
	}
	var body []byte
	ok := true
	if herr == nil {
		body, ok, herr = s.world.gzippedList(ws, kind, q)
	}
	s.mu.RUnlock()
	switch {
	case herr != nil:
		ex.fail(herr)
	case ok:
		ex.sendGzipped(http.StatusOK, body)
	}
	return herr != nil || ok
}

// writeAndSave creates or updates an item under the write lock and saves it.
func (s *Server) writeAndSave(p principal, kind api.Kind, q url.Values) (json.RawMessage, *httpError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ws, herr := s.reachWorkspace(p, q)
	if herr != nil {
		return nil, herr
	}
	if herr := checkScope(p, kind, true); herr != nil {
		return nil, herr
	}
	return s.commitItemWrite(ws, kind, q, p)
}

// snapshotItems remembers what a write to an item set may change (its
// length, its sequence and the item named by id) so that a write the
// database refused can be undone. The caller holds s.mu for writing.
func (s *Server) snapshotItems(key itemKey, id string) (undo func()) {
	set := s.world.Items[key]
	if set == nil {
		return func() { delete(s.world.Items, key) }
	}
	n, seq, sorted := set.len(), set.Seq, set.sortedCreated
	oldPos, known := set.find(id)
	var old api.Item
	_, wasEdited := set.edited[oldPos]
	if known {
		old = set.at(oldPos)
	}
	return func() {
		set.truncate(n)
		set.Seq, set.sortedCreated = seq, sorted
		switch {
		case known && oldPos >= set.lazyAt && oldPos < set.lazyAt+set.lazyN() && !wasEdited:
			delete(set.edited, oldPos)
			set.encoded.forget(set, oldPos)
		case known:
			set.put(oldPos, old)
		}
	}
}
