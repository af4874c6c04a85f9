package sandbox

import (
	"encoding/json"
	"net/url"
)

// The interfaces of the record kinds of record_kinds.go, and the story links
// written as relations (relations.go reads them).

// serveRecordList is GET of a record kind of record_kinds.go.
func (s *Server) serveRecordList(ex *exchange, spec recordSpec) {
	s.serveWorkspaceRead(ex, spec.scope, func(w *world, ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
		return w.readRecordSet(ws.ID, spec.kind).listRecords(spec.kind, q)
	})
}

// serveRecordCount is GET …/count of a record kind.
func (s *Server) serveRecordCount(ex *exchange, spec recordSpec) {
	s.serveWorkspaceRead(ex, spec.scope, func(w *world, ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
		return w.readRecordSet(ws.ID, spec.kind).countRecords(spec.kind, q)
	})
}

// serveRecordWrite is POST of a record kind: create (no id) or update (id).
func (s *Server) serveRecordWrite(ex *exchange, spec recordSpec) {
	c, q, ok := s.call(ex, false)
	if !ok {
		return
	}
	ex.answer(s.writeSpecRecord(c.principal, spec, q))
}

// serveAddStoryLink is POST /stories/add_story_link_relations
// (src_story_id, target_story_id): a story–story relation, as POST
// /relations writes it, answered {"success":1} as story/add_story_link_relations
// shows.
func (s *Server) serveAddStoryLink(ex *exchange) {
	c, q, ok := s.call(ex, false)
	if !ok {
		return
	}
	src, herr := required(q, "src_story_id")
	if herr == nil {
		_, herr = required(q, "target_story_id")
	}
	if herr != nil {
		ex.fail(herr)
		return
	}
	form := url.Values{"workspace_id": {q.Get("workspace_id")}, "source_type": {"story"}, "source_id": {src},
		"target_type": {"story"}, "target_id": {q.Get("target_story_id")}}
	if _, herr := s.writeSpecRecord(c.principal, relationRecords, form); herr != nil {
		ex.fail(herr)
		return
	}
	ex.ok(map[string]int{"success": 1})
}
