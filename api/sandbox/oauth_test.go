package sandbox

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"triage/api"
)

func TestOAuthBrowserFlow(t *testing.T) {
	h := startHarness(t, Options{})
	app := newCallbackApp(t)
	q := authQuery(h, app.redirectURI())
	b := newBrowser(t)
	demo := h.user("demo")

	consent := signIn(t, h, b, q, "demo", demo.Password)
	wantPageHeaders(t, consent)
	for _, want := range []string{"Northwind Studio", "Atlas Web", "星河移动", "story#write", `value="10022002"`} {
		if !strings.Contains(consent.body, want) {
			t.Errorf("consent page lacks %q", want)
		}
	}
	if strings.Contains(consent.body, "10033001") {
		t.Error("consent page offers a workspace the user does not take part in")
	}
	if csp := consent.header.Get("Content-Security-Policy"); !strings.Contains(csp, "form-action 'self' "+app.srv.URL) {
		t.Errorf("consent CSP %q does not allow the redirect", csp)
	}

	done := b.post(h.run.URL+"/oauth/authorize", withForm(q, "csrf_token", consent.csrf(t), "action", "continue", "workspace_id", "10022002"))
	if done.code != 200 || done.url.Path != "/callback" {
		t.Fatalf("after Continue: %d at %s", done.code, done.url)
	}
	got := app.last(t)
	if !hex40.MatchString(got.Get("code")) || got.Get("state") != "st-42" {
		t.Fatalf("redirect query %v", got)
	}
	res, err := api.ParseResourceParam(got.Get("resource"))
	if err != nil || res.WorkspaceID != wsMobile {
		t.Fatalf("resource %q: %v %v", got.Get("resource"), res, err)
	}
	if !strings.Contains(done.url.RawQuery, "resource=%7B%22type%22%3A%22workspace%22%2C%22workspace_id%22%3A10022002%7D") {
		t.Errorf("resource is not URL-encoded JSON: %s", done.url.RawQuery)
	}

	var rec api.TokenRecord
	h.exchange(got.Get("code"), app.redirectURI()).wantOK(t, &rec)
	if rec.Scope != "story#read story#write bug#read" || rec.Resource.WorkspaceID != wsMobile {
		t.Fatalf("token record %v", rec)
	}
	h.do(request{path: "/stories", auth: bearer(rec.AccessToken), query: wsQuery(wsMobile)}).wantOK(t, nil)
	h.do(request{path: "/stories", auth: bearer(rec.AccessToken), query: wsQuery(wsAtlas)}).wantError(t, 403, "access to workspace 10022001 is not granted")
	var user api.User
	h.do(request{path: "/users/info", auth: bearer(rec.AccessToken)}).wantOK(t, &user)
	if user.Nick != "demo" {
		t.Errorf("users/info nick %q", user.Nick)
	}

	// Silent re-login: the session holds, so no password is asked.
	again := b.get(h.run.URL + "/oauth/?" + q.Encode())
	if again.code != 200 || strings.Contains(again.body, `type="password"`) || !strings.Contains(again.body, `value="continue"`) {
		t.Fatalf("second authorization asked again: %d\n%s", again.code, again.body)
	}
	b.post(h.run.URL+"/oauth/authorize", withForm(q, "csrf_token", again.csrf(t), "action", "continue", "workspace_id", "10022001"))
	second := app.last(t)
	if second.Get("code") == got.Get("code") || second.Get("code") == "" {
		t.Fatalf("silent re-login gave code %q", second.Get("code"))
	}
	h.exchange(second.Get("code"), app.redirectURI()).wantOK(t, nil)
}

func TestOAuthDeny(t *testing.T) {
	h := startHarness(t, Options{})
	app := newCallbackApp(t)
	q := authQuery(h, app.redirectURI())
	b := newBrowser(t)
	consent := signIn(t, h, b, q, "alice", h.user("alice").Password)
	b.post(h.run.URL+"/oauth/authorize", withForm(q, "csrf_token", consent.csrf(t), "action", "deny"))
	got := app.last(t)
	if got.Get("error") != "access_denied" || got.Get("state") != "st-42" || got.Get("code") != "" {
		t.Fatalf("deny redirect %v", got)
	}
}

func TestOAuthWrongPassword(t *testing.T) {
	h := startHarness(t, Options{})
	app := newCallbackApp(t)
	q := authQuery(h, app.redirectURI())
	b := newBrowser(t)
	for _, cred := range [][2]string{{"demo", "wrong"}, {"nobody", "x"}, {"demo", ""}} {
		p := b.get(h.run.URL + "/oauth/?" + q.Encode())
		again := b.post(h.run.URL+"/oauth/signin", withForm(q, "csrf_token", p.csrf(t), "nick", cred[0], "password", cred[1]))
		if !strings.Contains(again.body, "The nick or the password is wrong.") || !strings.Contains(again.body, `type="password"`) {
			t.Errorf("%s: %d\n%s", cred[0], again.code, again.body)
		}
	}
}

func TestOAuthCSRFRefused(t *testing.T) {
	h := startHarness(t, Options{})
	app := newCallbackApp(t)
	q := authQuery(h, app.redirectURI())
	victim := newBrowser(t)
	consent := signIn(t, h, victim, q, "demo", h.user("demo").Password)
	attacker := newBrowser(t)
	attackerPage := attacker.get(h.run.URL + "/oauth/?" + q.Encode())
	tests := []struct {
		name   string
		target string
		form   url.Values
	}{
		{"authorize without token", "/oauth/authorize", withForm(q, "action", "continue", "workspace_id", "10022001")},
		{"authorize with another session's token", "/oauth/authorize", withForm(q, "csrf_token", attackerPage.csrf(t), "action", "continue", "workspace_id", "10022001")},
		{"authorize with a forged token", "/oauth/authorize", withForm(q, "csrf_token", strings.Repeat("0", 64), "action", "continue", "workspace_id", "10022001")},
		{"deny without token", "/oauth/authorize", withForm(q, "action", "deny")},
		{"sign in without token", "/oauth/signin", withForm(q, "nick", "demo", "password", h.user("demo").Password)},
		{"logout without token", "/oauth/logout", withForm(q)},
	}
	for _, tt := range tests {
		p := victim.post(h.run.URL+tt.target, tt.form)
		if p.code != http.StatusForbidden || !strings.Contains(p.body, "<html") {
			t.Errorf("%s: %d\n%s", tt.name, p.code, p.body)
		}
		wantPageHeaders(t, p)
	}
	if app.count() != 0 {
		t.Fatalf("a refused form reached the application")
	}
	// The victim's own form still works afterwards.
	victim.post(h.run.URL+"/oauth/authorize", withForm(q, "csrf_token", consent.csrf(t), "action", "continue", "workspace_id", "10022001"))
	if app.last(t).Get("code") == "" {
		t.Fatal("no code after a valid Continue")
	}
}

func TestOAuthNeverRedirectsABadRequest(t *testing.T) {
	h := startHarness(t, Options{})
	app := newCallbackApp(t)
	good := authQuery(h, app.redirectURI())
	tests := []struct {
		name string
		q    url.Values
	}{
		{"unregistered redirect", withForm(good, "redirect_uri", "http://evil.example/callback")},
		{"loopback on another path", withForm(good, "redirect_uri", app.srv.URL+"/other")},
		{"https loopback", withForm(good, "redirect_uri", strings.Replace(app.redirectURI(), "http:", "https:", 1))},
		{"userinfo trick", withForm(good, "redirect_uri", "http://127.0.0.1:80@evil.example/callback")},
		{"fragment", withForm(good, "redirect_uri", app.redirectURI()+"#x")},
		{"unknown client", withForm(good, "client_id", "nobody")},
		{"response_type token", withForm(good, "response_type", "token")},
		{"auth_by app", withForm(good, "auth_by", "app")},
		{"scope without permission", withForm(good, "scope", "story")},
		{"scope with junk", withForm(good, "scope", "story#read <script>")},
		{"empty scope", withForm(good, "scope", "  ")},
		{"no state", withForm(good, "state", "")},
		{"duplicate client_id", func() url.Values { q := withForm(good); q.Add("client_id", "x"); return q }()},
	}
	b := newBrowser(t)
	b.client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	for _, tt := range tests {
		p := b.get(h.run.URL + "/oauth/?" + tt.q.Encode())
		if p.code != http.StatusBadRequest || p.header.Get("Location") != "" || !strings.Contains(p.body, "<html") {
			t.Errorf("%s: %d Location %q", tt.name, p.code, p.header.Get("Location"))
		}
		wantPageHeaders(t, p)
	}
	// A signed-in browser posting a tampered redirect is not redirected either.
	consent := signIn(t, h, newBrowserFrom(b), good, "demo", h.user("demo").Password)
	tampered := withForm(good, "csrf_token", consent.csrf(t), "action", "continue", "workspace_id", "10022001", "redirect_uri", "http://evil.example/cb")
	p := b.post(h.run.URL+"/oauth/authorize", tampered)
	if p.code != http.StatusBadRequest || p.header.Get("Location") != "" {
		t.Errorf("tampered redirect: %d Location %q", p.code, p.header.Get("Location"))
	}
	bad := b.get(h.run.URL + "/oauth/?a=%zz")
	if bad.code != http.StatusBadRequest {
		t.Errorf("malformed query: %d", bad.code)
	}
	if app.count() != 0 {
		t.Fatalf("a bad request reached the application")
	}
}

func TestOAuthConsentChecksTheWorkspace(t *testing.T) {
	h := startHarness(t, Options{})
	app := newCallbackApp(t)
	q := authQuery(h, app.redirectURI())
	b := newBrowser(t)
	consent := signIn(t, h, b, q, "alice", h.user("alice").Password)
	for _, ws := range []string{"10022003", "10033001", "99", "abc", ""} {
		p := b.post(h.run.URL+"/oauth/authorize", withForm(q, "csrf_token", consent.csrf(t), "action", "continue", "workspace_id", ws))
		if p.code != http.StatusBadRequest {
			t.Errorf("workspace %q: %d", ws, p.code)
		}
	}
	p := b.post(h.run.URL+"/oauth/authorize", withForm(q, "csrf_token", consent.csrf(t), "action", "maybe"))
	if p.code != http.StatusBadRequest {
		t.Errorf("unknown action: %d", p.code)
	}
	if app.count() != 0 {
		t.Fatal("a refused choice reached the application")
	}
}

func TestOAuthLogout(t *testing.T) {
	h := startHarness(t, Options{})
	app := newCallbackApp(t)
	q := authQuery(h, app.redirectURI())
	b := newBrowser(t)
	consent := signIn(t, h, b, q, "demo", h.user("demo").Password)
	out := b.post(h.run.URL+"/oauth/logout", withForm(q, "csrf_token", consent.csrf(t)))
	if out.code != 200 || !strings.Contains(out.body, "signed out") || !strings.Contains(out.body, "Sign in again") {
		t.Fatalf("logout: %d\n%s", out.code, out.body)
	}
	p := b.get(h.run.URL + "/oauth/?" + q.Encode())
	if !strings.Contains(p.body, `type="password"`) {
		t.Fatal("after logout the page does not ask for the password")
	}
	// The old session's form is dead.
	dead := b.post(h.run.URL+"/oauth/authorize", withForm(q, "csrf_token", consent.csrf(t), "action", "continue", "workspace_id", "10022001"))
	if dead.code != http.StatusForbidden {
		t.Fatalf("old session's form: %d", dead.code)
	}
}

func TestOAuthSessionCookie(t *testing.T) {
	h := startHarness(t, Options{})
	q := authQuery(h, "http://127.0.0.1:9/callback")
	resp, err := http.Get(h.run.URL + "/oauth/?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	ck := resp.Header.Get("Set-Cookie")
	for _, want := range []string{sessionCookie + "=", "HttpOnly", "SameSite=Lax", "Path=/oauth"} {
		if !strings.Contains(ck, want) {
			t.Errorf("Set-Cookie %q lacks %s", ck, want)
		}
	}
	// A signed-in session ends after signedInTTL; an anonymous one after anonymousTTL.
	b := newBrowser(t)
	signIn(t, h, b, q, "demo", h.user("demo").Password)
	h.clock.Advance(signedInTTL)
	p := b.get(h.run.URL + "/oauth/?" + q.Encode())
	if !strings.Contains(p.body, `type="password"`) {
		t.Error("an expired session still signs in silently")
	}
	h.clock.Advance(anonymousTTL)
	p2 := b.post(h.run.URL+"/oauth/signin", withForm(q, "csrf_token", p.csrf(t), "nick", "demo", "password", h.user("demo").Password))
	if p2.code != http.StatusForbidden {
		t.Errorf("an expired sign-in form: %d", p2.code)
	}
}

func TestOAuthPagesOther(t *testing.T) {
	h := startHarness(t, Options{})
	b := newBrowser(t)
	css := b.get(h.run.URL + "/oauth/style.css")
	if css.code != 200 || !strings.HasPrefix(css.header.Get("Content-Type"), "text/css") {
		t.Errorf("style sheet: %d %s", css.code, css.header.Get("Content-Type"))
	}
	if p := b.get(h.run.URL + "/oauth/nothing"); p.code != http.StatusNotFound {
		t.Errorf("unknown page: %d", p.code)
	}
	resp, err := b.client.Post(h.run.URL+"/oauth/signin", "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	if p := readPage(t, resp); p.code != http.StatusUnsupportedMediaType {
		t.Errorf("JSON form: %d", p.code)
	}
	resp, err = b.client.Post(h.run.URL+"/oauth/", api.ContentTypeForm, strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	if p := readPage(t, resp); p.code != http.StatusMethodNotAllowed {
		t.Errorf("POST /oauth/: %d", p.code)
	}
	big := strings.NewReader("a=" + strings.Repeat("x", 2<<20))
	resp, err = b.client.Post(h.run.URL+"/oauth/signin", api.ContentTypeForm, big)
	if err != nil {
		t.Fatal(err)
	}
	if p := readPage(t, resp); p.code != http.StatusRequestEntityTooLarge {
		t.Errorf("2 MiB form: %d", p.code)
	}
}
