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

// POST /stories/batch_update_story, /bugs/batch_update_bug and
// /tasks/batch_update_task: at most 50 items per call, each written as
// POST /stories|bugs|tasks with an id writes it (history included), and a
// result for each. Shape: story/batch_update_story, bug/batch_update_bug,
// task/batch_update_task ({"msg":"batch update success"}), with results
// added.

// maxBatch is how many items one batch update may name, as TAPD allows.
const maxBatch = 50

// batchResult is the outcome of one item of a batch update: status 1 and
// "success", or the HTTP status and message a single update would answer.
type batchResult struct {
	ID     string `json:"id"`
	Status int    `json:"status"`
	Info   string `json:"info"`
}

// batchAnswer is the data of a batch update.
type batchAnswer struct {
	Msg     string        `json:"msg"`
	Results []batchResult `json:"results"`
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

// batchUpdate writes each item under the write lock, one after another; an
// item that cannot be written is left as it was and its result says why.
func (s *Server) batchUpdate(p principal, kind api.Kind, wsParam url.Values, items []url.Values) (batchAnswer, *httpError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ws, herr := s.reachWorkspace(p, wsParam)
	if herr != nil {
		return batchAnswer{}, herr
	}
	if herr := checkScope(p, kind, true); herr != nil {
		return batchAnswer{}, herr
	}
	answer := batchAnswer{Msg: "batch update success", Results: make([]batchResult, 0, len(items))}
	for _, form := range items {
		id := strings.TrimSpace(form.Get("id"))
		form.Set("workspace_id", wsParam.Get("workspace_id"))
		res := batchResult{ID: id, Status: 1, Info: "success"}
		if id == "" {
			res.Status, res.Info = http.StatusUnprocessableEntity, "id is required."
		} else if _, herr := s.commitItemWrite(ws, kind, form, p); herr != nil {
			res.Status, res.Info = herr.Status, herr.Info
		}
		if res.Status != 1 {
			answer.Msg = "batch update finished; some items were not updated"
		}
		answer.Results = append(answer.Results, res)
	}
	return answer, nil
}
