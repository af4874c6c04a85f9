package auth

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"triage/api"
)

func exchangeConfig(baseURL string, now time.Time) OAuthConfig {
	return OAuthConfig{
		AuthURL: baseURL, BaseURL: baseURL, ClientID: fakeClientID, ClientSecret: fakeClientSecret,
		HTTPClient: &http.Client{Timeout: 10 * time.Second}, Now: func() time.Time { return now },
		OpenBrowser: func(string) error { return nil },
	}
}

func TestExchangeSendsTheDocumentedRequest(t *testing.T) {
	svc := newFakeService(t)
	now := time.Date(2026, 1, 6, 9, 16, 4, 0, time.UTC)
	cfg, err := exchangeConfig(svc.URL(), now).withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	tok, err := exchangeCode(context.Background(), cfg, "http://127.0.0.1:4242/callback", testCode)
	if err != nil {
		t.Fatal(err)
	}
	if tok.record.AccessToken != fakeToken || !tok.sentAt.Equal(now) {
		t.Fatalf("token %v sent at %s", tok.record, tok.sentAt)
	}
	if svc.basic != fakeClientID+":"+fakeClientSecret {
		t.Errorf("Basic credentials %q, want the raw client_id:client_secret", svc.basic)
	}
	if svc.contentType != api.ContentTypeForm {
		t.Errorf("content type %q", svc.contentType)
	}
	for key, want := range map[string]string{
		"grant_type": "authorization_code", "redirect_uri": "http://127.0.0.1:4242/callback", "code": testCode,
	} {
		if got := svc.form.Get(key); got != want {
			t.Errorf("form %s = %q, want %q", key, got, want)
		}
	}
}

func TestExchangeErrors(t *testing.T) {
	fail := func(status int, info string) string {
		return `{"status":` + strconv.Itoa(status) + `,"data":"","info":"` + info + `","meta":{"request_id":"req-1"}}`
	}
	tests := []struct {
		name   string
		status int
		body   string
		is     error
		substr string
	}{
		{name: "expired code", status: 422, body: fail(422, api.InfoCodeExpired), is: ErrCodeExpired, substr: "expired; run the login again"},
		{name: "unknown or reused code", status: 422, body: fail(422, api.InfoCodeInvalid), is: ErrCodeRejected},
		{name: "redirect mismatch", status: 422, body: fail(422, api.InfoRedirectMismatch), is: ErrRedirectRejected},
		{name: "bad client", status: 401, body: fail(401, api.InfoUnauthorized), is: ErrClientRejected, substr: "client id or secret was refused; set the OAuth application's client id (client_id in the config, or TRIAGE_CLIENT_ID) and its secret (TRIAGE_CLIENT_SECRET)"},
		{name: "bad client, not JSON", status: 401, body: "Unauthorized", is: ErrClientRejected},
		{name: "status 401 in a 200", status: 200, body: fail(401, api.InfoUnauthorized), is: ErrClientRejected},
		{name: "unsupported grant", status: 422, body: fail(422, api.InfoUnsupportedGrant), substr: "grant type"},
		{name: "rate limited", status: 429, body: fail(429, "To many requests"), substr: "rate-limiting"},
		{name: "server error", status: 502, body: fail(502, "Bad Gateway"), substr: "try the login again later"},
		{name: "html page", status: 200, body: "<html>proxy login</html>", substr: "not the service's JSON"},
		{name: "greeting instead of a record", status: 200, body: `{"status":1,"data":"Hello","info":"success"}`, substr: "unexpected record"},
		{name: "record without token", status: 200, body: `{"status":1,"data":{"expires_in":7200},"info":"success"}`, substr: "no access_token"},
		{name: "record without lifetime", status: 200, body: `{"status":1,"data":{"access_token":"x","token_type":"Bearer"},"info":"success"}`, substr: "expires_in"},
		{name: "not a bearer token", status: 200, body: `{"status":1,"data":{"access_token":"x","expires_in":10,"token_type":"MAC"},"info":"success"}`, substr: "not Bearer"},
		{name: "unknown error echoing secrets", status: 400, body: fail(400, "bad code "+testCode+" for secret "+fakeClientSecret), substr: "[redacted]"},
	}
	svc := newFakeService(t)
	cfg, err := exchangeConfig(svc.URL(), time.Now()).withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc.setToken(tt.status, tt.body)
			_, err := exchangeCode(context.Background(), cfg, "http://127.0.0.1:4242/callback", testCode)
			if err == nil {
				t.Fatal("exchange succeeded")
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("error %q is not %q", err, tt.is)
			}
			if tt.substr != "" && !strings.Contains(err.Error(), tt.substr) {
				t.Errorf("error %q does not say %q", err, tt.substr)
			}
			assertNoSecret(t, err.Error(), testCode)
		})
	}
}

func TestExchangeUnreachable(t *testing.T) {
	svc := newFakeService(t)
	base := svc.URL()
	svc.srv.Close()
	cfg, err := exchangeConfig(base, time.Now()).withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	_, err = exchangeCode(context.Background(), cfg, "http://127.0.0.1:4242/callback", testCode)
	if err == nil || !strings.Contains(err.Error(), "could not reach") {
		t.Fatalf("error %v", err)
	}
	assertNoSecret(t, err.Error(), testCode)
}

func TestOAuthSessionWorkspace(t *testing.T) {
	redirected := api.Resource{Type: api.ResourceWorkspace, WorkspaceID: 5}
	tests := []struct {
		name string
		res  api.Resource
		want int64
	}{
		{name: "token names the workspace", res: api.Resource{Type: api.ResourceWorkspace, WorkspaceID: 9}, want: 9},
		{name: "token without resource", res: api.Resource{}, want: 5},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tok := issuedToken{record: api.TokenRecord{AccessToken: "x", ExpiresIn: 60, Resource: tt.res, Scope: " a  b "}, sentAt: time.Unix(100, 0)}
			s := oauthSession("http://svc", tok, redirected)
			if s.WorkspaceID != tt.want || s.Scope != "a b" || !s.ExpiresAt.Equal(time.Unix(160, 0)) || s.Method != MethodOAuth {
				t.Fatalf("session %+v", s)
			}
		})
	}
}

// assertNoSecret fails when text holds one of the fake service's secrets or extra ones.
func assertNoSecret(t *testing.T, text string, extra ...string) {
	t.Helper()
	for _, s := range append([]string{fakeClientSecret, fakeToken, fakePersonal, fakeAPIPassword}, extra...) {
		if s != "" && strings.Contains(text, s) {
			t.Fatalf("%q holds a secret", text)
		}
	}
}
