package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// MaxBatch is how many items one batch update may name, as TAPD's batch
// pages allow (每次最多允许批量更新五十条数据).
const MaxBatch = 50

// BatchItem is one item of a batch update: its id and the fields to write,
// named as Update takes them ("title" is the kind's title field).
type BatchItem struct {
	ID     string
	Fields map[string]string
}

// BatchResult is the service's answer for one item of a batch update: Err
// is nil when the item was written, else why it was not (an *Error of the
// kind a single update would have failed with).
type BatchResult struct {
	ID  string
	Err error
}

// batchFields are the fields each kind's batch interface takes among those
// triage writes (story/batch_update_story, bug/batch_update_bug,
// task/batch_update_task); any other field is written one item at a time.
var batchFields = map[Kind][]string{
	Story: {"name", "priority_label", "status", "v_status", "owner", "iteration_id", "current_user"},
	Bug:   {"title", "priority_label", "severity", "status", "v_status", "current_owner", "current_user"},
	Task:  {"name", "priority_label", "status", "owner", "iteration_id", "current_user"},
}

// BatchTakes reports whether the batch interface of kind takes every one
// of fields ("title" is the kind's title field).
func BatchTakes(kind Kind, fields map[string]string) bool {
	taken := batchFields[kind]
	for name := range fields {
		if name == "title" {
			name = kind.TitleField()
		}
		found := false
		for _, t := range taken {
			found = found || t == name
		}
		if !found {
			return false
		}
	}
	return len(taken) > 0 && len(fields) > 0
}

// batchWorkspaceParam names the workspace on each kind's batch page: the
// bug page calls it project_id.
func batchWorkspaceParam(kind Kind) string {
	if kind == Bug {
		return "project_id"
	}
	return "workspace_id"
}

// BatchUpdate writes up to MaxBatch items of one kind in one request
// (POST /stories/batch_update_story, /bugs/batch_update_bug,
// /tasks/batch_update_task) and returns the service's result for each, in
// the order of items. A failure of the whole request is the error; like
// Update, it is never retried (see MaybeApplied).
func (c *Client) BatchUpdate(ctx context.Context, workspaceID int64, kind Kind, items []BatchItem, currentUser string) ([]BatchResult, error) {
	op := Say("batch update %d %s", len(items), kinds(kind))
	if err := checkTarget(op, kind, workspaceID); err != nil {
		return nil, err
	}
	if len(items) == 0 || len(items) > MaxBatch {
		return nil, invalid(op, Say("a batch names 1 to %d items", MaxBatch))
	}
	list := make([]map[string]string, 0, len(items))
	for _, it := range items {
		if strings.TrimSpace(it.ID) == "" {
			return nil, invalid(op, Say("an item id is empty"))
		}
		if !BatchTakes(kind, it.Fields) {
			return nil, invalid(op, Say("the batch interface does not take the fields of %s %s; update it alone", kind, it.ID))
		}
		form, err := writeForm(op, kind, it.Fields, "id", "workspace_id")
		if err != nil {
			return nil, err
		}
		obj := map[string]string{"id": it.ID}
		for k := range form {
			obj[k] = form.Get(k)
		}
		if currentUser != "" && obj["current_user"] == "" {
			obj["current_user"] = currentUser
		}
		list = append(list, obj)
	}
	workitems, err := json.Marshal(list)
	if err != nil {
		return nil, invalid(op, Say("the items cannot be written as JSON: %s", err.Error()))
	}
	params := url.Values{batchWorkspaceParam(kind): {strconv.FormatInt(workspaceID, 10)}, "workitems": {string(workitems)}}
	env, err := c.do(ctx, call{op: op, method: http.MethodPost, path: "/" + kind.Path() + "/batch_update_" + kind.String(), params: params})
	if err != nil {
		return nil, err
	}
	return batchResults(op, kind, items, env.Data)
}

// batchResults reads each item's result from a batch answer,
// {"msg":…,"results":[{id, status, info}]}: status 1 is written, any other
// the HTTP status a single update would have answered. An answer that
// does not account for every item may have written some: that is a shape
// error the caller treats as maybe applied.
func batchResults(op Message, kind Kind, items []BatchItem, data json.RawMessage) ([]BatchResult, error) {
	var answer struct {
		Results []struct {
			ID     json.RawMessage `json:"id"`
			Status int             `json:"status"`
			Info   string          `json:"info"`
		} `json:"results"`
	}
	byID := make(map[string]BatchResult, len(items))
	if err := json.Unmarshal(data, &answer); err == nil {
		for _, r := range answer.Results {
			id := strings.Trim(string(r.ID), `" `)
			res := BatchResult{ID: id}
			if r.Status != 1 {
				info := cleanText(r.Info, maxInfo)
				itemOp := Say("update %s %s", kind, id)
				res.Err = &Error{Kind: kindFor(r.Status, info), Op: itemOp.String(), opWords: itemOp, HTTPStatus: r.Status, Info: info}
			}
			byID[id] = res
		}
	}
	out := make([]BatchResult, 0, len(items))
	for _, it := range items {
		res, ok := byID[it.ID]
		if !ok {
			e := shapeError(op, data, `{"results":[{id, status, info}]} naming every item`, nil)
			e.maybeApplied = true
			return nil, e
		}
		out = append(out, res)
	}
	return out, nil
}
