package sandbox

import (
	"net/http"
	"net/url"
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
