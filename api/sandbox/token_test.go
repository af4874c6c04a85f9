package sandbox

import (
	"net/http"
	"net/url"
	"regexp"
	"testing"
	"time"

	"triage/api"
)

var hex40 = regexp.MustCompile(`^[0-9a-f]{40}$`)

const testRedirect = "http://127.0.0.1:43210/callback"

// TestCodeLifecycle walks the rows of the seed's code and token table.
func TestCodeLifecycle(t *testing.T) {
	tests := []struct {
		name string
		// before runs after the code is issued: move the clock, spend the code...
		before   func(h *harness, code string)
		code     func(code string) string
		redirect string
		status   int
		info     string
	}{
		{name: "code valid", status: 200},
		{name: "code valid at its last second", before: func(h *harness, _ string) { h.clock.Advance(DefaultCodeTTL) }, status: 200},
		{name: "code expired", before: func(h *harness, _ string) { h.clock.Advance(DefaultCodeTTL + time.Second) },
			status: 422, info: api.InfoCodeExpired},
		{name: "code reused", before: func(h *harness, code string) { h.exchange(code, testRedirect).wantOK(h.t, nil) },
			status: 422, info: api.InfoCodeInvalid},
		{name: "code reused after expiry", before: func(h *harness, code string) {
			h.exchange(code, testRedirect).wantOK(h.t, nil)
			h.clock.Advance(time.Hour)
		}, status: 422, info: api.InfoCodeInvalid},
		{name: "code unknown", code: func(string) string { return "0000000000000000000000000000000000000000" },
			status: 422, info: api.InfoCodeInvalid},
		{name: "redirect differs", redirect: "http://127.0.0.1:43211/callback", status: 422, info: api.InfoRedirectMismatch},
		{name: "redirect missing", redirect: "-", status: 422, info: api.InfoRedirectMismatch},
		{name: "code missing", code: func(string) string { return "" }, status: 422, info: "code is required."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := startHarness(t, Options{})
			code := h.issueTestCode(testRedirect, "story#read bug#read", "demo", wsMobile)
			if tt.before != nil {
				tt.before(h, code)
			}
			if tt.code != nil {
				code = tt.code(code)
			}
			redirect := testRedirect
			switch tt.redirect {
			case "-":
				redirect = ""
			case "":
			default:
				redirect = tt.redirect
			}
			r := h.exchange(code, redirect)
			if tt.status != 200 {
				r.wantError(t, tt.status, tt.info)
				return
			}
			var rec api.TokenRecord
			r.wantOK(t, &rec)
			want := api.TokenRecord{
				AccessToken: rec.AccessToken, ExpiresIn: 7200, TokenType: "Bearer", Scope: "story#read bug#read",
				Resource: api.Resource{Type: "workspace", WorkspaceID: wsMobile}, Now: api.FormatTime(h.clock.Now()),
			}
			if rec != want {
				t.Errorf("record %#v, want %#v", rec, want)
			}
			if !hex40.MatchString(rec.AccessToken) {
				t.Errorf("access token is not 40 hex")
			}
			if got := r.header.Get("Cache-Control"); got != "no-store" {
				t.Errorf("Cache-Control %q", got)
			}
		})
	}
}

// TestCodeSurvivesAFailedExchange checks that a wrong redirect does not spend the code.
func TestCodeSurvivesAFailedExchange(t *testing.T) {
	h := startHarness(t, Options{})
	code := h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	h.exchange(code, "http://127.0.0.1:1/other").wantError(t, 422, api.InfoRedirectMismatch)
	h.exchange(code, testRedirect).wantOK(t, nil)
}

// TestTokenLifecycle: valid until expires_in seconds pass, then expired.
func TestTokenLifecycle(t *testing.T) {
	h := startHarness(t, Options{TokenTTL: 60 * time.Second, CodeTTL: time.Minute})
	var rec api.TokenRecord
	code := h.issueTestCode(testRedirect, "story#read", "alice", wsAtlas)
	h.exchange(code, testRedirect).wantOK(t, &rec)
	if rec.ExpiresIn != 60 {
		t.Fatalf("expires_in %d, want 60", rec.ExpiresIn)
	}
	call := func() reply {
		return h.do(request{path: "/stories", auth: bearer(rec.AccessToken), query: wsQuery(wsAtlas)})
	}
	call().wantOK(t, nil)
	h.clock.Advance(59 * time.Second)
	call().wantOK(t, nil)
	h.clock.Advance(time.Second)
	call().wantError(t, http.StatusUnprocessableEntity, api.InfoTokenExpired)
	h.do(request{path: "/users/info", auth: bearer(rec.AccessToken)}).wantError(t, 422, api.InfoTokenExpired)

	code = h.issueTestCode(testRedirect, "story#read", "alice", wsAtlas)
	h.clock.Advance(time.Minute + time.Second)
	h.exchange(code, testRedirect).wantError(t, 422, api.InfoCodeExpired)
}

func TestTokenExchangeRequests(t *testing.T) {
	h := startHarness(t, Options{})
	other := OAuthClient{ID: "other-app", Secret: "other-secret", Name: "Other", RedirectURIs: []string{"http://127.0.0.1/callback"}}
	h.srv().mu.Lock()
	h.srv().world.Clients = append(h.srv().world.Clients, other)
	h.srv().mu.Unlock()
	form := func(grant, code string) url.Values {
		return url.Values{"grant_type": {grant}, "code": {code}, "redirect_uri": {testRedirect}}
	}
	tests := []struct {
		name string
		req  func(code string) request
		code int
		info string
	}{
		{name: "no credentials", req: func(c string) request {
			return request{method: "POST", path: "/tokens/request_token", form: form("authorization_code", c)}
		}, code: 401, info: api.InfoUnauthorized},
		{name: "wrong secret", req: func(c string) request {
			return request{method: "POST", path: "/tokens/request_token", auth: basicAuth(h.demo.ClientID, "wrong"), form: form("authorization_code", c)}
		}, code: 401, info: api.InfoUnauthorized},
		{name: "API account instead of client", req: func(c string) request {
			return request{method: "POST", path: "/tokens/request_token", auth: h.apiBasic(), form: form("authorization_code", c)}
		}, code: 401, info: api.InfoUnauthorized},
		{name: "bearer instead of client", req: func(c string) request {
			return request{method: "POST", path: "/tokens/request_token", auth: bearer(c), form: form("authorization_code", c)}
		}, code: 401, info: api.InfoUnauthorized},
		{name: "code of another client", req: func(c string) request {
			return request{method: "POST", path: "/tokens/request_token", auth: basicAuth(other.ID, other.Secret), form: form("authorization_code", c)}
		}, code: 422, info: api.InfoCodeInvalid},
		{name: "grant missing", req: func(c string) request {
			return request{method: "POST", path: "/tokens/request_token", auth: h.clientBasic(), form: form("", c)}
		}, code: 422, info: "grant_type is required."},
		{name: "grant unsupported", req: func(c string) request {
			return request{method: "POST", path: "/tokens/request_token", auth: h.clientBasic(), form: form("client_credentials", c)}
		}, code: 422, info: api.InfoUnsupportedGrant},
		{name: "wrong content type", req: func(c string) request {
			return request{method: "POST", path: "/tokens/request_token", auth: h.clientBasic(), body: form("authorization_code", c).Encode(), contentType: "text/plain"}
		}, code: 415},
		{name: "unknown fields are ignored", req: func(c string) request {
			f := form("authorization_code", c)
			f.Set("client_name", "x")
			f.Set("scope", "everything")
			return request{method: "POST", path: "/tokens/request_token", auth: h.clientBasic(), form: f}
		}, code: 200},
		{name: "JSON body", req: func(c string) request {
			return request{method: "POST", path: "/tokens/request_token", auth: h.clientBasic(), contentType: api.ContentTypeJSON,
				body: `{"grant_type":"authorization_code","code":"` + c + `","redirect_uri":"` + testRedirect + `"}`}
		}, code: 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code := h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
			r := h.do(tt.req(code))
			if tt.code == 200 {
				var rec api.TokenRecord
				r.wantOK(t, &rec)
				if rec.Scope != "story#read" {
					t.Errorf("scope %q", rec.Scope)
				}
				return
			}
			r.wantError(t, tt.code, tt.info)
			if tt.code == 401 && r.header.Get(api.HeaderWWWAuthenticate) != api.BasicRealm {
				t.Errorf("401 without %s", api.HeaderWWWAuthenticate)
			}
		})
	}
}

func TestStaleCodesAndTokensAreForgotten(t *testing.T) {
	h := startHarness(t, Options{})
	old := h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	tok := h.token("story#read", "demo", wsAtlas)
	h.clock.Advance(DefaultTokenTTL + forgetAfter + time.Minute)
	h.issueTestCode(testRedirect, "story#read", "demo", wsAtlas)
	s := h.srv()
	s.mu.RLock()
	_, codeKept := s.codes[old]
	_, tokKept := s.tokens[tok]
	s.mu.RUnlock()
	if codeKept || tokKept {
		t.Errorf("stale code kept %v, stale token kept %v", codeKept, tokKept)
	}
	h.do(request{path: "/stories", auth: bearer(tok), query: wsQuery(wsAtlas)}).wantError(t, 422, api.InfoTokenInvalid)
}
