package sandbox

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

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
	ex.answer(s.writeAndSave(c.principal, kind, q))
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

// serveBatchUpdate is POST /{kind}/batch_update_{story,bug,task}.
func (s *Server) serveBatchUpdate(ex *exchange, kind api.Kind) {
	c, ok := s.authorized(ex)
	if !ok {
		return
	}
	body, herr := readBody(ex.r)
	if herr != nil {
		ex.fail(herr)
		return
	}
	wsParam, items, herr := parseBatch(ex.r.Header.Get("Content-Type"), body)
	if herr != nil {
		ex.fail(herr)
		return
	}
	answer, herr := s.batchUpdate(c.principal, kind, wsParam, items)
	if herr != nil {
		ex.fail(herr)
		return
	}
	ex.ok(answer)
}

// parseBatch reads workspace_id (or project_id, as the bug page writes it)
// and workitems, a JSON array of objects, from a form or a JSON body.
func parseBatch(contentType string, body []byte) (url.Values, []url.Values, *httpError) {
	media, _, _ := mime.ParseMediaType(contentType)
	var raw struct {
		WorkspaceID json.RawMessage `json:"workspace_id"`
		ProjectID   json.RawMessage `json:"project_id"`
		Workitems   json.RawMessage `json:"workitems"`
	}
	ws := url.Values{}
	if media == api.ContentTypeJSON {
		if err := json.Unmarshal(body, &raw); err != nil {
			return nil, nil, unprocessable("JSON body is malformed: %s", clipText(err.Error(), 120))
		}
		for _, v := range []json.RawMessage{raw.WorkspaceID, raw.ProjectID} {
			if id := strings.Trim(string(v), `" `); id != "" && ws.Get("workspace_id") == "" {
				ws.Set("workspace_id", id)
			}
		}
	} else {
		form, herr := parseBody(contentType, "", body)
		if herr != nil {
			return nil, nil, herr
		}
		ws.Set("workspace_id", form.Get("workspace_id"))
		if ws.Get("workspace_id") == "" {
			ws.Set("workspace_id", form.Get("project_id"))
		}
		raw.Workitems = json.RawMessage(form.Get("workitems"))
	}
	if len(bytes.TrimSpace(raw.Workitems)) == 0 {
		return nil, nil, unprocessable("workitems is required: a JSON array of objects, each with an id")
	}
	var list []map[string]json.RawMessage
	if err := json.Unmarshal(raw.Workitems, &list); err != nil {
		return nil, nil, unprocessable("workitems must be a JSON array of objects: %s", clipText(err.Error(), 120))
	}
	if len(list) == 0 || len(list) > maxBatch {
		return nil, nil, unprocessable("workitems must name 1 to %d items, got %d", maxBatch, len(list))
	}
	items := make([]url.Values, 0, len(list))
	for _, obj := range list {
		form := url.Values{}
		for name, v := range obj {
			text, herr := scalarText(name, v)
			if herr != nil {
				return nil, nil, herr
			}
			form.Set(name, text)
		}
		items = append(items, form)
	}
	return ws, items, nil
}

// scalarText is a JSON scalar as a parameter: a string as it is, a number
// as written, a boolean as true/false, null as "".
func scalarText(name string, v json.RawMessage) (string, *httpError) {
	var x any
	dec := json.NewDecoder(bytes.NewReader(v))
	dec.UseNumber()
	if err := dec.Decode(&x); err != nil {
		return "", unprocessable("workitems: %s is malformed", quoteName(name))
	}
	switch val := x.(type) {
	case string:
		return val, nil
	case json.Number:
		return val.String(), nil
	case bool:
		return strconv.FormatBool(val), nil
	case nil:
		return "", nil
	}
	return "", unprocessable("workitems: %s must be a string, number or boolean", quoteName(name))
}

// serveSCMKeywords is GET /svn_commits/get_scm_copy_keywords; the scope
// needed is the item kind's.
func (s *Server) serveSCMKeywords(ex *exchange) {
	c, q, ok := s.call(ex, true)
	if !ok {
		return
	}
	kind, known := todoKind(q.Get("type"))
	if !known {
		kind = api.Story
	}
	s.answerRead(ex, c.principal, kind, q, func(ws *Workspace) (json.RawMessage, *httpError) {
		return s.world.scmKeywords(ws, q)
	})
}
