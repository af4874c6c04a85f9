package sandbox

import (
	"encoding/json"
	"net/http"
	"net/url"

	"triage/api"
)

// The interfaces of stories, bugs and tasks: their lists, counts, writes
// and field information (routes.go names their paths). What they answer is
// built by the world (items.go, write.go, fields.go, meta.go).

// serveItemList is GET /stories, /bugs, /tasks: a page of items, from the
// items' deflated answers when the client takes gzip.
func (s *Server) serveItemList(ex *exchange, kind api.Kind) {
	c, q, ok := s.call(ex, false)
	if !ok {
		return
	}
	if acceptsGzip(ex.r.Header.Values("Accept-Encoding")) && s.answerGzippedList(ex, c.principal, kind, q) {
		return
	}
	s.answerRead(ex, c.principal, kind, q, func(ws *Workspace) (json.RawMessage, *httpError) {
		return s.listItems(ws, kind, q)
	})
}

// serveItemWrite is POST /stories, /bugs, /tasks: create (no id) or update
// (id) an item.
func (s *Server) serveItemWrite(ex *exchange, kind api.Kind) {
	c, q, ok := s.call(ex, false)
	if !ok {
		return
	}
	data, herr := s.writeAndSave(c.principal, kind, q)
	if herr != nil {
		ex.fail(herr)
		return
	}
	ex.okRaw(data)
}

// serveItemCount is GET /{kind}/count.
func (s *Server) serveItemCount(ex *exchange, kind api.Kind) {
	s.serveItemRead(ex, kind, func(ws *Workspace, q url.Values) (json.RawMessage, *httpError) {
		return s.countItems(ws, kind, q)
	})
}

// serveFieldsInfo is GET /{kind}/get_fields_info.
func (s *Server) serveFieldsInfo(ex *exchange, kind api.Kind) {
	s.serveItemRead(ex, kind, func(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) {
		return s.world.fieldsInfo(ws, kind)
	})
}

// serveFieldLabels is GET /stories/get_fields_lable and /bugs/get_fields_lable.
func (s *Server) serveFieldLabels(ex *exchange, kind api.Kind) {
	s.serveItemRead(ex, kind, func(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) {
		return fieldLabels(ws, kind)
	})
}

// serveCustomFieldSettings is GET /{kind}/custom_fields_settings.
func (s *Server) serveCustomFieldSettings(ex *exchange, kind api.Kind) {
	s.serveItemRead(ex, kind, func(ws *Workspace, _ url.Values) (json.RawMessage, *httpError) {
		return customFieldSettings(ws, kind)
	})
}

// serveItemRead answers a GET about a kind of item with what read builds
// under the read lock.
func (s *Server) serveItemRead(ex *exchange, kind api.Kind, read func(*Workspace, url.Values) (json.RawMessage, *httpError)) {
	c, q, ok := s.call(ex, true)
	if !ok {
		return
	}
	s.answerRead(ex, c.principal, kind, q, func(ws *Workspace) (json.RawMessage, *httpError) { return read(ws, q) })
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
