package sandbox

import (
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"triage/api"
	"triage/api/sandbox/webtest"
)

// harness is a running sandbox with an injected clock and its demo credentials.
type harness struct {
	t     *testing.T
	run   *Running
	clock *webtest.Clock
	demo  DemoInfo
}

// startHarness starts a sandbox on a loopback port; opts.Clock is replaced by
// the harness clock.
func startHarness(t *testing.T, opts Options) *harness {
	t.Helper()
	clock := webtest.NewClock()
	opts.Clock = clock.Now
	run, err := Start(opts)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() {
		if err := run.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return &harness{t: t, run: run, clock: clock, demo: run.Server.Demo()}
}

func (h *harness) srv() *Server { return h.run.Server }

// user returns the demo user with a nick.
func (h *harness) user(nick string) DemoUser {
	h.t.Helper()
	for _, u := range h.demo.Users {
		if u.Nick == nick {
			return u
		}
	}
	h.t.Fatalf("no demo user %q", nick)
	return DemoUser{}
}

func basicAuth(user, pass string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+pass))
}

func bearer(token string) string { return "Bearer " + token }

// apiBasic is the Basic header of the first company's API account.
func (h *harness) apiBasic() string { return basicAuth(h.demo.APIUser, h.demo.APIPassword) }

// clientBasic is the Basic header of the registered OAuth application.
func (h *harness) clientBasic() string { return basicAuth(h.demo.ClientID, h.demo.ClientSecret) }

// reply is a decoded API answer.
type reply struct {
	code   int
	header http.Header
	env    api.Envelope
	raw    []byte
}

// request describes one API call.
type request struct {
	method, path, auth string
	query              url.Values
	form               url.Values // POST body, form-encoded
	contentType        string     // overrides the form's content type
	body               string     // raw body, when form is nil
	header             map[string]string
}

// do sends a request and decodes the envelope; a body that is not one fails
// the test.
func (h *harness) do(r request) reply {
	h.t.Helper()
	target := h.run.URL + r.path
	if r.query != nil {
		target += "?" + r.query.Encode()
	}
	var body io.Reader
	ct := r.contentType
	switch {
	case r.form != nil:
		body = strings.NewReader(r.form.Encode())
		if ct == "" {
			ct = api.ContentTypeForm
		}
	case r.body != "":
		body = strings.NewReader(r.body)
	}
	method := r.method
	if method == "" {
		method = http.MethodGet
	}
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		h.t.Fatalf("new request: %v", err)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	if r.auth != "" {
		req.Header.Set("Authorization", r.auth)
	}
	for k, v := range r.header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		h.t.Fatalf("%s %s: %v", method, r.path, err)
	}
	defer resp.Body.Close()
	var rd io.Reader = resp.Body
	if resp.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			h.t.Fatalf("%s %s: gzip: %v", method, r.path, err)
		}
		rd = zr
	}
	raw, err := io.ReadAll(rd)
	if err != nil {
		h.t.Fatalf("%s %s: read: %v", method, r.path, err)
	}
	env, err := api.DecodeEnvelope(raw)
	if err != nil {
		h.t.Fatalf("%s %s: %v in %q", method, r.path, err, raw)
	}
	return reply{code: resp.StatusCode, header: resp.Header, env: env, raw: raw}
}

// wantError checks an error answer: HTTP code = status, info, request id.
func (r reply) wantError(t *testing.T, code int, info string) {
	t.Helper()
	if r.code != code || r.env.Status != code {
		t.Fatalf("HTTP %d status %d (%s), want %d", r.code, r.env.Status, r.env.Info, code)
	}
	if info != "" && r.env.Info != info {
		t.Fatalf("info %q, want %q", r.env.Info, info)
	}
	if r.env.RequestID() == "" {
		t.Fatalf("error without meta.request_id: %s", r.raw)
	}
	if string(r.env.Data) != `""` {
		t.Fatalf("error data %s, want \"\"", r.env.Data)
	}
}

// wantOK checks a success answer and decodes its data into v (when not nil).
func (r reply) wantOK(t *testing.T, v any) {
	t.Helper()
	if r.code != http.StatusOK || !r.env.OK() || r.env.Info != api.InfoSuccess {
		t.Fatalf("HTTP %d status %d info %q, want success", r.code, r.env.Status, r.env.Info)
	}
	if v != nil {
		if err := r.env.DecodeData(v); err != nil {
			t.Fatalf("data: %v", err)
		}
	}
}

// issueTestCode issues a code as the authorization page would.
func (h *harness) issueTestCode(redirect, scope, nick string, workspace int64) string {
	h.t.Helper()
	s := h.srv()
	s.mu.Lock()
	defer s.mu.Unlock()
	c, err := s.issueCode(h.demo.ClientID, redirect, scope, nick, workspace)
	if err != nil {
		h.t.Fatalf("issue code: %v", err)
	}
	return c.Code
}

// exchange trades a code for a token record.
func (h *harness) exchange(code, redirect string) reply {
	h.t.Helper()
	return h.do(request{method: http.MethodPost, path: "/tokens/request_token", auth: h.clientBasic(),
		form: url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}}})
}

// token issues a code and exchanges it, returning the access token.
func (h *harness) token(scope, nick string, workspace int64) string {
	h.t.Helper()
	const redirect = "http://127.0.0.1:8765/callback"
	var rec api.TokenRecord
	h.exchange(h.issueTestCode(redirect, scope, nick, workspace), redirect).wantOK(h.t, &rec)
	return rec.AccessToken
}

func decodeJSON(t *testing.T, raw json.RawMessage, v any) {
	t.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
}
