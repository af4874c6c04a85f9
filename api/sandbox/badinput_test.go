package sandbox

import (
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"triage/api"
)

// unsized hides a reader's length, so the body is sent chunked.
type unsized struct{ io.Reader }

func TestBadInputsOverHTTP(t *testing.T) {
	h := startHarness(t, Options{})
	huge := "workspace_id=10022001&name=" + strings.Repeat("x", 2<<20)
	tests := []struct {
		name string
		req  request
		code int
		info string
	}{
		{name: "2 MiB form body", req: request{method: "POST", path: "/stories", body: huge, contentType: api.ContentTypeForm}, code: 413},
		{name: "2 MiB token request", req: request{method: "POST", path: "/tokens/request_token", body: huge, contentType: api.ContentTypeForm, auth: "client"}, code: 413},
		{name: "invalid UTF-8 in query", req: request{path: "/stories", query: url.Values{"workspace_id": {"10022001"}, "name": {"\xff"}}}, code: 422, info: `parameter "name" is not valid UTF-8`},
		{name: "malformed query", req: request{path: "/stories?workspace_id=10022001&a=%zz"}, code: 422},
		{name: "invalid UTF-8 in form", req: request{method: "POST", path: "/stories", body: "workspace_id=10022001&name=%C3%28", contentType: api.ContentTypeForm}, code: 422},
		{name: "text/plain body", req: request{method: "POST", path: "/stories", body: "workspace_id=10022001&name=x", contentType: "text/plain"}, code: 415},
		{name: "body without a type", req: request{method: "POST", path: "/bugs", body: "workspace_id=10022001&title=x"}, code: 415},
		{name: "XML body", req: request{method: "POST", path: "/tasks", body: "<x/>", contentType: "application/xml"}, code: 415},
		{name: "JSON nested value", req: request{method: "POST", path: "/stories", body: `{"workspace_id":10022001,"name":{"a":1}}`, contentType: api.ContentTypeJSON}, code: 422, info: `parameter "name" must be a string, number or boolean`},
		{name: "JSON array", req: request{method: "POST", path: "/stories", body: `[]`, contentType: api.ContentTypeJSON}, code: 422},
		{name: "JSON truncated", req: request{method: "POST", path: "/stories", body: `{"workspace_id":`, contentType: api.ContentTypeJSON}, code: 422},
		{name: "workspace_id malformed", req: request{path: "/stories", query: url.Values{"workspace_id": {"1e9"}}}, code: 422},
		{name: "workspace_id negative", req: request{path: "/bugs/count", query: url.Values{"workspace_id": {"-10022001"}}}, code: 422},
		{name: "workspace_id in query of a POST", req: request{method: "POST", path: "/stories?workspace_id=10022001", form: url.Values{"name": {"x"}}}, code: 422, info: "workspace_id is required."},
		{name: "JSON create", req: request{method: "POST", path: "/stories", body: `{"workspace_id":10022001,"name":"from JSON","priority_label":"High"}`, contentType: api.ContentTypeJSON}, code: 200},
		{name: "unknown fields on create", req: request{method: "POST", path: "/stories", form: url.Values{"workspace_id": {"10022001"}, "name": {"x"}, "no_such_field": {"y"}}}, code: 200},
		{name: "unknown fields on list", req: request{path: "/stories", query: url.Values{"workspace_id": {"10022001"}, "no_such_field": {"y"}}}, code: 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := tt.req
			switch req.auth {
			case "":
				req.auth = h.apiBasic()
			case "client":
				req.auth = h.clientBasic()
			}
			r := h.do(req)
			if tt.code == 200 {
				r.wantOK(t, nil)
				return
			}
			r.wantError(t, tt.code, tt.info)
		})
	}
}

func TestChunkedHugeBody(t *testing.T) {
	h := startHarness(t, Options{})
	body := unsized{strings.NewReader("workspace_id=10022001&name=" + strings.Repeat("x", 2<<20))}
	req, err := http.NewRequest(http.MethodPost, h.run.URL+"/stories", body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", api.ContentTypeForm)
	req.Header.Set("Authorization", h.apiBasic())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge || req.ContentLength != 0 {
		t.Errorf("chunked 2 MiB body: %d (length %d)", resp.StatusCode, req.ContentLength)
	}
}

func TestHostileHeaders(t *testing.T) {
	h := startHarness(t, Options{})
	for _, auth := range []string{
		"Basic", "Basic =", "Basic " + strings.Repeat("A", 10000), "Bearer ééé", "bearer " + h.user("demo").PersonalToken,
		"BASIC " + strings.TrimPrefix(h.apiBasic(), "Basic "), " ", "Negotiate x",
	} {
		r := h.do(request{path: "/stories", auth: auth, query: wsQuery(wsAtlas)})
		if r.code != 200 && r.code != 401 && r.code != 422 {
			t.Errorf("Authorization %.20q: %d", auth, r.code)
		}
	}
	for _, ct := range []string{"application/json; charset=", "application/json; a", ";;;", "application/x-www-form-urlencoded; charset=\"utf-8\""} {
		r := h.do(request{method: "POST", path: "/stories", auth: h.apiBasic(), body: "workspace_id=10022001&name=x", contentType: ct})
		if r.code != 200 && r.code != 415 && r.code != 422 {
			t.Errorf("Content-Type %q: %d", ct, r.code)
		}
	}
}

// TestConcurrentRequests mixes reads, writes, exchanges and pages; -race
// checks the locking.
func TestConcurrentRequests(t *testing.T) {
	h := startHarness(t, Options{Rate: 100000})
	tok := h.token(api.DefaultScopes, "demo", wsAtlas)
	check := func(what string, r reply) {
		if r.code != http.StatusOK || !r.env.OK() {
			t.Errorf("%s: %d %s", what, r.code, r.env.Info)
		}
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 10 {
				switch (g + i) % 5 {
				case 0:
					check("list", h.do(request{path: "/stories", auth: bearer(tok), query: wsQuery(wsAtlas)}))
				case 1:
					check("write", h.do(request{method: "POST", path: "/bugs", auth: h.apiBasic(), form: url.Values{"workspace_id": {"10022001"}, "title": {"concurrent"}, "severity": {"normal"}}}))
				case 2:
					code := h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
					check("exchange", h.exchange(code, testRedirect))
				case 3:
					check("projects", h.do(request{path: "/workspaces/user_participant_projects", auth: h.apiBasic(), query: url.Values{"nick": {"demo"}}}))
				case 4:
					resp, err := http.Get(h.run.URL + "/oauth/?" + authQuery(h, testRedirect).Encode())
					if err != nil {
						t.Error(err)
						return
					}
					resp.Body.Close()
				}
			}
		})
	}
	wg.Wait()
}
