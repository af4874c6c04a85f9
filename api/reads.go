package api

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
)

// Paths of the reads the client makes, below the base URL.
const (
	PathTestAuth      = "/quickstart/testauth"
	PathUserInfo      = "/users/info"
	PathWorkspaces    = "/workspaces/user_participant_projects"
	PathWorkspaceInfo = "/workspaces/get_workspace_info"
)

// get performs a read and returns its envelope.
func (c *Client) get(ctx context.Context, op Message, path string, query url.Values) (Envelope, error) {
	return c.do(ctx, call{op: op, method: http.MethodGet, path: path, params: query})
}

// shapeError is the failure of a successful answer whose data is not what the
// call expects (the service greets unknown paths with status 1 and a string).
func shapeError(op Message, data json.RawMessage, want string, err error) *Error {
	e := &Error{Kind: ErrShape, Op: op.String(), opWords: op, HTTPStatus: http.StatusOK, Err: err}
	return e.saying(Say("data is %s, expected %s", describeJSON(data), want))
}

// isObject reports whether raw JSON is an object.
func isObject(data json.RawMessage) bool {
	d := bytes.TrimSpace(data)
	return len(d) > 0 && d[0] == '{'
}

// isEmptyList reports whether raw JSON is an empty result: [], {} or null
// (the service writes an empty object as []).
func isEmptyList(data json.RawMessage) bool {
	switch string(bytes.TrimSpace(data)) {
	case "[]", "{}", "null":
		return true
	}
	return false
}

func workspaceQuery(workspaceID int64) url.Values {
	return url.Values{"workspace_id": {strconv.FormatInt(workspaceID, 10)}}
}

// TestAuth checks Basic credentials. The record echoes the password: it
// formats without it, and never reaches an error.
func (c *Client) TestAuth(ctx context.Context) (TestAuthRecord, error) {
	op := Say("test the API account")
	env, err := c.get(ctx, op, PathTestAuth, nil)
	if err != nil {
		return TestAuthRecord{}, err
	}
	var rec TestAuthRecord
	if !isObject(env.Data) {
		return rec, shapeError(op, env.Data, "the test-auth record", nil)
	}
	if err := env.DecodeData(&rec); err != nil {
		return TestAuthRecord{}, shapeError(op, env.Data, "the test-auth record", nil)
	}
	return rec, nil
}

// UserInfo reads the signed-in user (user-mode or personal token).
func (c *Client) UserInfo(ctx context.Context) (User, error) {
	op := Say("read user info")
	env, err := c.get(ctx, op, PathUserInfo, nil)
	if err != nil {
		return User{}, err
	}
	var u User
	if !isObject(env.Data) {
		return User{}, shapeError(op, env.Data, "a user", nil)
	}
	if err := env.DecodeData(&u); err != nil {
		return User{}, shapeError(op, env.Data, "a user", err)
	}
	if u.ID == "" && u.Nick == "" {
		return User{}, shapeError(op, env.Data, "a user with an id or a nick", nil)
	}
	return u, nil
}

// Workspaces lists the workspaces a user takes part in, without the company
// entry. An empty nick is not sent.
func (c *Client) Workspaces(ctx context.Context, nick string) ([]Workspace, error) {
	op := Say("list workspaces")
	var q url.Values
	if nick != "" {
		q = url.Values{"nick": {nick}}
	}
	env, err := c.get(ctx, op, PathWorkspaces, q)
	if err != nil {
		return nil, err
	}
	if isEmptyList(env.Data) {
		return []Workspace{}, nil
	}
	var wrapped []WorkspaceWrapper
	if err := env.DecodeData(&wrapped); err != nil {
		return nil, shapeError(op, env.Data, `a list of {"Workspace":{...}}`, err)
	}
	out := make([]Workspace, 0, len(wrapped))
	for _, w := range wrapped {
		if w.Workspace.ID == "" || w.Workspace.IsCompany() {
			continue
		}
		out = append(out, w.Workspace)
	}
	return out, nil
}

// WorkspaceInfo reads one workspace.
func (c *Client) WorkspaceInfo(ctx context.Context, workspaceID int64) (Workspace, error) {
	op := Say("read workspace %d", workspaceID)
	env, err := c.get(ctx, op, PathWorkspaceInfo, workspaceQuery(workspaceID))
	if err != nil {
		return Workspace{}, err
	}
	var w WorkspaceWrapper
	if !isObject(env.Data) {
		return Workspace{}, shapeError(op, env.Data, `{"Workspace":{...}}`, nil)
	}
	if err := env.DecodeData(&w); err != nil || w.Workspace.ID == "" {
		return Workspace{}, shapeError(op, env.Data, `{"Workspace":{...}} with an id`, err)
	}
	return w.Workspace, nil
}

// FieldInfo reads the field information of a kind in a workspace. A field
// whose description cannot be read is left out, unless it is a priority field.
func (c *Client) FieldInfo(ctx context.Context, workspaceID int64, kind Kind) (FieldInfo, error) {
	op := Say("read %s fields", kind)
	env, err := c.get(ctx, op, "/"+kind.Path()+"/get_fields_info", workspaceQuery(workspaceID))
	if err != nil {
		return nil, err
	}
	if isEmptyList(env.Data) {
		return FieldInfo{}, nil
	}
	var raw map[string]json.RawMessage
	if !isObject(env.Data) {
		return nil, shapeError(op, env.Data, "an object of fields", nil)
	}
	if err := env.DecodeData(&raw); err != nil {
		return nil, shapeError(op, env.Data, "an object of fields", err)
	}
	fi := make(FieldInfo, len(raw))
	for name, r := range raw {
		var f Field
		if err := json.Unmarshal(r, &f); err != nil {
			if name == "priority" || name == "priority_label" {
				e := &Error{Kind: ErrShape, Op: op.String(), opWords: op, HTTPStatus: http.StatusOK, Err: err}
				return nil, e.saying(Say("the %s field cannot be read", name))
			}
			continue
		}
		fi[name] = f
	}
	return fi, nil
}

// PriorityOptions reads the allowed priorities of a kind in a workspace, in
// the service's order, with their labels and colours (none: an empty list).
func (c *Client) PriorityOptions(ctx context.Context, workspaceID int64, kind Kind) ([]PriorityOption, error) {
	fi, err := c.FieldInfo(ctx, workspaceID, kind)
	if err != nil {
		return nil, err
	}
	return fi.PriorityOptions(), nil
}

// Count counts the items of a kind in a workspace that match filter.
func (c *Client) Count(ctx context.Context, workspaceID int64, kind Kind, filter url.Values) (int, error) {
	op := Say("count %s", kinds(kind))
	env, err := c.get(ctx, op, "/"+kind.Path()+"/count", listQuery(workspaceID, filter))
	if err != nil {
		return 0, err
	}
	var n struct {
		Count *FlexInt `json:"count"`
	}
	if !isObject(env.Data) {
		return 0, shapeError(op, env.Data, `{"count":n}`, nil)
	}
	if err := env.DecodeData(&n); err != nil || n.Count == nil || *n.Count < 0 {
		return 0, shapeError(op, env.Data, `{"count":n}`, err)
	}
	return int(*n.Count), nil
}

// listQuery is filter with the workspace set (the filter cannot move it).
func listQuery(workspaceID int64, filter url.Values) url.Values {
	q := make(url.Values, len(filter)+4)
	for k, v := range filter {
		q[k] = append([]string(nil), v...)
	}
	q.Set("workspace_id", strconv.FormatInt(workspaceID, 10))
	return q
}

// LastSteps reads the final statuses of a kind's workflow in a workspace
// (GET /workflows/last_steps?system=story|bug|task): status code → name.
// An item in one of them is done with; the triage queue leaves it out.
func (c *Client) LastSteps(ctx context.Context, workspaceID int64, kind Kind) (map[string]string, error) {
	op := Say("read the final %s statuses", kind)
	q := workspaceQuery(workspaceID)
	q.Set("system", kind.String())
	env, err := c.get(ctx, op, "/workflows/last_steps", q)
	if err != nil {
		return nil, err
	}
	if isEmptyList(env.Data) {
		return map[string]string{}, nil
	}
	if !isObject(env.Data) {
		return nil, shapeError(op, env.Data, "an object of status code → name", nil)
	}
	var raw map[string]FlexString
	if err := env.DecodeData(&raw); err != nil {
		return nil, shapeError(op, env.Data, "an object of status code → name", err)
	}
	out := make(map[string]string, len(raw))
	for code, name := range raw {
		out[code] = string(name)
	}
	return out, nil
}
