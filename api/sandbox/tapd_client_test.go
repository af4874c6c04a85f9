package sandbox_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// The interface tests replay, against a running sandbox on a loopback port,
// the requests TAPD's documentation shows, decode the answers into structs
// typed like the documentation's examples (numbers where they are numbers)
// and check their values.

// tapdClient calls a running sandbox with one credential.
type tapdClient struct {
	t    *testing.T
	base string
	auth func(*http.Request)
}

// basicClient uses the service's Basic API account.
func basicClient(t *testing.T, s *service) *tapdClient {
	user, pass := s.demo.APIUser, s.demo.APIPassword
	return &tapdClient{t: t, base: s.url, auth: func(r *http.Request) { r.SetBasicAuth(user, pass) }}
}

// on is the client reporting to t, for a subtest.
func (c *tapdClient) on(t *testing.T) *tapdClient {
	cp := *c
	cp.t = t
	return &cp
}

// count is GET path/count?query's count.
func (c *tapdClient) count(path string, query url.Values) int {
	c.t.Helper()
	var n struct {
		Count int `json:"count"`
	}
	c.get(path+"/count", query, &n)
	return n.Count
}

// request sends method path with a form (POST) or query (GET) and decodes
// the answer's data into v; it returns the HTTP status.
func (c *tapdClient) request(method, path string, form url.Values, v any) int {
	c.t.Helper()
	if v == nil {
		v = new(json.RawMessage)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var req *http.Request
	if method == http.MethodPost {
		req, _ = http.NewRequestWithContext(ctx, method, c.base+path, strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	} else {
		if len(form) > 0 {
			path += "?" + form.Encode()
		}
		req, _ = http.NewRequestWithContext(ctx, method, c.base+path, nil)
	}
	c.auth(req)
	return callJSON(c.t, req, v)
}

// postJSON sends body as a JSON object, as the MCP servers do.
func (c *tapdClient) postJSON(path string, body any, v any) int {
	c.t.Helper()
	raw, err := json.Marshal(body)
	if err != nil {
		c.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(raw))
	req.Header.Set("Content-Type", "application/json")
	c.auth(req)
	return callJSON(c.t, req, v)
}

// get calls GET path?query and fails the test on any status but 200.
func (c *tapdClient) get(path string, query url.Values, v any) {
	c.t.Helper()
	if status := c.request(http.MethodGet, path, query, v); status != http.StatusOK {
		c.t.Fatalf("GET %s?%s answered %d", path, query.Encode(), status)
	}
}

// post calls POST path with a form and fails the test on any status but 200.
func (c *tapdClient) post(path string, form url.Values, v any) {
	c.t.Helper()
	if status := c.request(http.MethodPost, path, form, v); status != http.StatusOK {
		c.t.Fatalf("POST %s %s answered %d", path, form.Encode(), status)
	}
}

// firstIDs lists the ids of the first n items of a kind ("stories", "bugs", "tasks").
func (c *tapdClient) firstIDs(ws, kind string, n int) []string {
	c.t.Helper()
	var list []map[string]struct {
		ID string `json:"id"`
	}
	c.get("/"+kind, url.Values{"workspace_id": {ws}, "fields": {"id"}, "limit": {strconv.Itoa(n)}}, &list)
	var ids []string
	for _, row := range list {
		for _, it := range row {
			ids = append(ids, it.ID)
		}
	}
	if len(ids) != n {
		c.t.Fatalf("%s of %s: %d ids, want %d", kind, ws, len(ids), n)
	}
	return ids
}

// callJSON sends req and decodes the envelope's data into v; it returns the HTTP status.
func callJSON(t *testing.T, req *http.Request, v any) int {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var env api.Envelope
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	if env.OK() {
		if err := env.DecodeData(v); err != nil {
			t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
		}
	}
	return resp.StatusCode
}

// personalToken is the first demo user's nick and personal token.
func personalToken(t *testing.T, s *service) (nick, token string) {
	t.Helper()
	if len(s.demo.Users) == 0 || s.demo.Users[0].PersonalToken == "" {
		t.Fatalf("the sandbox has no demo user with a personal token")
	}
	return s.demo.Users[0].Nick, s.demo.Users[0].PersonalToken
}

// The workspaces the seed gives every service: an English one and a Chinese one.
const (
	interfacesWS   = "10022001"
	interfacesWSZh = "10022002"
)
