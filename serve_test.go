package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox/webtest"
)

// TestServeOAuthFlow starts the built `triage serve` on port 0 and runs the
// whole OAuth flow over HTTP as a browser would: sign in, continue, follow
// the redirect to the application, exchange the code, call the API.
func TestServeOAuthFlow(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s := startServe(t)
	for _, k := range []string{"TRIAGE_BASE_URL", "TRIAGE_AUTH_URL", "TRIAGE_WEB_URL", "TRIAGE_API_USER",
		"TRIAGE_API_PASSWORD", "TRIAGE_CLIENT_ID", "TRIAGE_CLIENT_SECRET", "TRIAGE_TOKEN"} {
		if s.env[k] == "" {
			t.Errorf("serve did not print %s", k)
		}
	}
	base := s.env["TRIAGE_BASE_URL"]
	if strings.HasSuffix(base, ":0") || !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("base URL %q does not name the real port", base)
	}

	// The application's loopback listener records what the browser brings.
	got := make(chan url.Values, 1)
	app := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/callback" {
			got <- r.URL.Query()
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer app.Close()
	redirect := app.URL + "/callback"
	const state = "opaque-state-42"
	authURL := s.env["TRIAGE_AUTH_URL"] + "/oauth/?" + url.Values{
		"response_type": {"code"}, "client_id": {s.env["TRIAGE_CLIENT_ID"]}, "redirect_uri": {redirect},
		"scope": {api.DefaultScopes}, "state": {state}, "auth_by": {"user"},
	}.Encode()

	browser := webtest.New()
	loc, err := browser.Authorize(ctx, authURL, webtest.Decision{Nick: "demo", Password: "triage-demo", WorkspaceID: 10022001})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get(loc.String()) // follow the redirect to the application
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	q := <-got
	if q.Get("state") != state || len(q.Get("code")) != 40 {
		t.Fatalf("redirect brought state %q, code of %d chars", q.Get("state"), len(q.Get("code")))
	}
	res, err := api.ParseResourceParam(q.Get("resource"))
	if err != nil || res.WorkspaceID != 10022001 {
		t.Fatalf("resource %q: %v", q.Get("resource"), err)
	}

	// The application's back end exchanges the code.
	form := url.Values{"grant_type": {"authorization_code"}, "redirect_uri": {redirect}, "code": {q.Get("code")}}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/tokens/request_token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", api.ContentTypeForm)
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(s.env["TRIAGE_CLIENT_ID"]+":"+s.env["TRIAGE_CLIENT_SECRET"])))
	var tok api.TokenRecord
	if status := callJSON(t, req, &tok); status != http.StatusOK {
		t.Fatalf("token exchange answered %d", status)
	}
	if tok.TokenType != "Bearer" || tok.ExpiresIn != 7200 || tok.Resource.WorkspaceID != 10022001 || len(tok.AccessToken) != 40 {
		t.Fatalf("token record %v", tok)
	}

	// The token reads its workspace and nothing else.
	for _, tc := range []struct {
		ws     string
		status int
	}{{"10022001", http.StatusOK}, {"10022002", http.StatusForbidden}} {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/stories?limit=5&workspace_id="+tc.ws, nil)
		req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
		var data json.RawMessage
		if status := callJSON(t, req, &data); status != tc.status {
			t.Errorf("stories of workspace %s answered %d, want %d", tc.ws, status, tc.status)
		}
	}

	// A second authorization in the same browser asks no password.
	if _, err := browser.Authorize(ctx, authURL, webtest.Decision{WorkspaceID: 10022001}); err != nil {
		t.Fatal(err)
	}
	if browser.SignIns != 1 {
		t.Errorf("the browser signed in %d times, want 1 (silent re-login)", browser.SignIns)
	}

	if err := s.stop(t); err != nil {
		t.Errorf("serve exited with %v; stderr:\n%s", err, s.stderr)
	}
}

// TestServeKeepsStateAcrossRestarts writes through one `triage serve --data`
// process and reads the write back from the next.
func TestServeKeepsStateAcrossRestarts(t *testing.T) {
	data := filepath.Join(t.TempDir(), "sandbox.db")
	s := startServe(t, "--data", data)
	form := url.Values{"workspace_id": {"10022001"}, "name": {"Survives a restart"}, "priority_label": {"Low"}}
	req, _ := http.NewRequest(http.MethodPost, s.env["TRIAGE_BASE_URL"]+"/stories", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", api.ContentTypeForm)
	req.SetBasicAuth(s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"])
	var created map[string]api.Item
	if status := callJSON(t, req, &created); status != http.StatusOK {
		t.Fatalf("create answered %d", status)
	}
	id := created["Story"].ID
	if err := s.stop(t); err != nil {
		t.Fatalf("serve exited with %v", err)
	}
	if want := "stopped, state saved in " + data; !strings.Contains(s.stderr.String(), want) {
		t.Errorf("serve --data said on stopping:\n%s\nwant %q", s.stderr, want)
	}

	s = startServe(t, "--data", data)
	req, _ = http.NewRequest(http.MethodGet, s.env["TRIAGE_BASE_URL"]+"/stories?workspace_id=10022001&id="+id, nil)
	req.SetBasicAuth(s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"])
	var list []map[string]api.Item
	if status := callJSON(t, req, &list); status != http.StatusOK || len(list) != 1 || list[0]["Story"].Title != "Survives a restart" {
		t.Fatalf("after restart: status %d, %d items", status, len(list))
	}
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

// TestServeWithoutDataSavesNothing: stopping a service that kept its state
// in memory does not claim to have saved it.
func TestServeWithoutDataSavesNothing(t *testing.T) {
	s := startServe(t)
	if err := s.stop(t); err != nil {
		t.Fatalf("serve exited with %v", err)
	}
	said := s.stderr.String()
	if strings.Contains(said, "saved") || !strings.Contains(said, "stopped; its state was in memory only") {
		t.Errorf("serve without --data said on stopping:\n%s", said)
	}
}
