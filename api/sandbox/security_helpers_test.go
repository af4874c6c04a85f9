package sandbox_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/webtest"
)

// The security tests see the service only from outside, as a browser, an
// application or an attacker would: over HTTP on a real port.

// service is a running sandbox and its demo credentials.
type service struct {
	url  string
	demo sandbox.DemoInfo
}

// startService runs a sandbox on a free loopback port for the test.
func startService(t *testing.T) *service {
	t.Helper()
	run, err := sandbox.Start(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = run.Close() })
	return &service{url: run.URL, demo: run.Server.Demo()}
}

// user returns the demo user with that nick.
func (s *service) user(t *testing.T, nick string) sandbox.DemoUser {
	t.Helper()
	for _, u := range s.demo.Users {
		if u.Nick == nick {
			return u
		}
	}
	t.Fatalf("no demo user %q", nick)
	return sandbox.DemoUser{}
}

// goodRedirect is a loopback address the demo application registered (any port).
const goodRedirect = "http://127.0.0.1:49152/callback"

// authQuery is the query of an authorization request of the demo application.
func (s *service) authQuery(redirect, state string) url.Values {
	return url.Values{
		"response_type": {"code"}, "client_id": {s.demo.ClientID}, "redirect_uri": {redirect},
		"scope": {api.DefaultScopes}, "state": {state}, "auth_by": {"user"},
	}
}

// authURL is the authorization page for a redirect address and state.
func (s *service) authURL(redirect, state string) string {
	return s.url + "/oauth/?" + s.authQuery(redirect, state).Encode()
}

// testContext bounds a test's requests.
func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// oauthToken authorizes the demo application as nick for one workspace in a
// fresh browser and exchanges the code, as the application would.
func (s *service) oauthToken(t *testing.T, nick string, workspace int64) string {
	t.Helper()
	ctx := testContext(t)
	u := s.user(t, nick)
	loc, err := webtest.New().Authorize(ctx, s.authURL(goodRedirect, "st"), webtest.Decision{Nick: u.Nick, Password: u.Password, WorkspaceID: workspace})
	if err != nil {
		t.Fatal(err)
	}
	form := url.Values{"grant_type": {"authorization_code"}, "redirect_uri": {goodRedirect}, "code": {loc.Query().Get("code")}}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.url+"/tokens/request_token", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", api.ContentTypeForm)
	req.SetBasicAuth(s.demo.ClientID, s.demo.ClientSecret)
	status, env := send(t, req)
	var tok api.TokenRecord
	if status != http.StatusOK || env.DecodeData(&tok) != nil || int64(tok.Resource.WorkspaceID) != workspace {
		t.Fatalf("token exchange: HTTP %d, %q", status, env.Info)
	}
	return tok.AccessToken
}

// credential is how an API call authenticates: a full Authorization header.
type credential string

func bearer(token string) credential { return credential("Bearer " + token) }

// basic is the demo company's API account.
func (s *service) basic() credential {
	req, _ := http.NewRequest(http.MethodGet, "/", nil)
	req.SetBasicAuth(s.demo.APIUser, s.demo.APIPassword)
	return credential(req.Header.Get("Authorization"))
}

// call sends an API request: GET with the parameters in the query, POST
// with them in a form body, or a JSON body when jsonBody is set.
func (s *service) call(t *testing.T, cred credential, method, path string, params url.Values, jsonBody string) (int, api.Envelope) {
	t.Helper()
	target := s.url + path
	var body io.Reader
	if method == http.MethodGet {
		target += "?" + params.Encode()
	} else if jsonBody != "" {
		body = strings.NewReader(jsonBody)
	} else {
		body = strings.NewReader(params.Encode())
	}
	req, err := http.NewRequestWithContext(testContext(t), method, target, body)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case method == http.MethodGet:
	case jsonBody != "":
		req.Header.Set("Content-Type", api.ContentTypeJSON)
	default:
		req.Header.Set("Content-Type", api.ContentTypeForm)
	}
	req.Header.Set("Authorization", string(cred))
	return send(t, req)
}

// send does a request with a client of its own and decodes the envelope.
func send(t *testing.T, req *http.Request) (int, api.Envelope) {
	t.Helper()
	resp, err := (&http.Client{}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	env, err := api.DecodeEnvelope(body)
	if err != nil {
		t.Fatalf("%s %s: %v: %.200s", req.Method, req.URL.Path, err, body)
	}
	return resp.StatusCode, env
}

// itemsOf decodes a list answer into the items' raw JSON by id.
func itemsOf(t *testing.T, env api.Envelope, k api.Kind) map[string]json.RawMessage {
	t.Helper()
	var list []map[string]json.RawMessage
	if err := env.DecodeData(&list); err != nil {
		t.Fatalf("list of %s: %v", k.Plural(), err)
	}
	out := map[string]json.RawMessage{}
	for _, wrapped := range list {
		raw := wrapped[k.Wrapper()]
		var head struct {
			ID api.FlexString `json:"id"`
		}
		if err := json.Unmarshal(raw, &head); err != nil || head.ID == "" {
			t.Fatalf("%s without id: %s", k, raw)
		}
		out[string(head.ID)] = raw
	}
	return out
}
