package sandbox_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox/webtest"
)

// TestOAuthFlowOverHTTP runs the whole OAuth flow over HTTP as a browser
// would: sign in, continue, follow the redirect to the application, exchange
// the code, call the API; a second authorization asks no password.
func TestOAuthFlowOverHTTP(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s := startService(t)
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
	authURL := s.url + "/oauth/?" + url.Values{
		"response_type": {"code"}, "client_id": {s.demo.ClientID}, "redirect_uri": {redirect},
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
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.url+"/tokens/request_token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", api.ContentTypeForm)
	req.Header.Set("Authorization", "Basic "+base64.StdEncoding.EncodeToString([]byte(s.demo.ClientID+":"+s.demo.ClientSecret)))
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
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.url+"/stories?limit=5&workspace_id="+tc.ws, nil)
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
}
