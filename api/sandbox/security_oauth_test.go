package sandbox_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"triage/api/sandbox/webtest"
)

// badRedirects are addresses the demo application did not register (it
// registered http://127.0.0.1/callback and http://localhost/callback, on any
// port): other hosts, schemes and paths, userinfo and encoding tricks.
var badRedirects = []string{
	"http://evil.example/callback",
	"http://evil.example:49152/callback",
	"HTTP://EVIL.EXAMPLE/callback",
	"https://127.0.0.1:49152/callback",
	"ftp://127.0.0.1:49152/callback",
	"javascript:alert(1)//127.0.0.1/callback",
	"http://127.0.0.1:49152/callback/evil",
	"http://127.0.0.1:49152/callbackx",
	"http://127.0.0.1:49152/Callback",
	"http://127.0.0.1:49152/callback/../evil",
	"http://127.0.0.1:49152/%63allback",
	"http://127.0.0.1:49152/callback?next=http://evil.example/",
	"http://127.0.0.1:49152/callback#http://evil.example/",
	"http://127.0.0.1@evil.example/callback",
	"http://127.0.0.1:49152@evil.example/callback",
	"http://evil.example@127.0.0.1:49152/callback",
	"http://127.0.0.1:49152%2F@evil.example/callback",
	"http://127.0.0.1:49152\\@evil.example/callback",
	"http://127.0.0.1%2eevil.example/callback",
	"http://127.0.0.1%40evil.example/callback",
	"http://127.0.0.1.evil.example:49152/callback",
	"http://localhost.evil.example:49152/callback",
	"http%3A%2F%2F127.0.0.1%3A49152%2Fcallback",
	"//evil.example/callback",
	"/callback",
	"http://[::1]:49152/callback",
	"http://0x7f000001:49152/callback",
	"http://2130706433:49152/callback",
	"http://127.0.0.1:0/callback",
	"http://127.0.0.1:65536/callback",
	"http://evil.example/http://127.0.0.1/callback",
}

// wantRefusal checks that a page is an HTML error page and sends the
// browser nowhere.
func wantRefusal(t *testing.T, what string, p *webtest.Page, status int) {
	t.Helper()
	if p.Location != nil || p.Status != status || !strings.Contains(p.Body, "<html") {
		loc := ""
		if p.Location != nil {
			loc = p.Location.String()
		}
		t.Errorf("%s: HTTP %d, Location %q; want %d, an error page and no redirect", what, p.Status, loc, status)
	}
}

// signedIn is a browser signed in as nick with the consent page of a good
// authorization request open.
func (s *service) signedIn(t *testing.T, ctx context.Context, nick string) (*webtest.Browser, *webtest.Page, webtest.Form) {
	t.Helper()
	b := webtest.New()
	p, err := b.Get(ctx, s.authURL(goodRedirect, "st-"+nick))
	if err != nil {
		t.Fatal(err)
	}
	f, err := p.FormTo("/oauth/signin")
	if err != nil {
		t.Fatal(err)
	}
	u := s.user(t, nick)
	if p, err = b.Submit(ctx, p, f, url.Values{"nick": {u.Nick}, "password": {u.Password}}); err != nil || p.Location == nil {
		t.Fatalf("sign in as %s: %v (HTTP %d)", nick, err, p.Status)
	}
	if p, err = b.Get(ctx, p.Location.String()); err != nil {
		t.Fatal(err)
	}
	consent, err := p.FormTo("/oauth/authorize")
	if err != nil {
		t.Fatal(err)
	}
	return b, p, consent
}

// TestNoRedirectToUnregisteredAddress: whatever redirect_uri a link or a
// tampered form carries, the pages answer an error page and never send the
// browser to an address the application did not register.
func TestNoRedirectToUnregisteredAddress(t *testing.T) {
	s := startService(t)
	ctx := testContext(t)
	b, consentPage, consent := s.signedIn(t, ctx, "demo")
	anon := webtest.New()
	signinPage, err := anon.Get(ctx, s.authURL(goodRedirect, "st"))
	if err != nil {
		t.Fatal(err)
	}
	signin, err := signinPage.FormTo("/oauth/signin")
	if err != nil {
		t.Fatal(err)
	}
	u := s.user(t, "demo")

	for _, bad := range badRedirects {
		for _, who := range []struct {
			name string
			b    *webtest.Browser
		}{{"signed out", webtest.New()}, {"signed in", b}} {
			p, err := who.b.Get(ctx, s.authURL(bad, "st"))
			if err != nil {
				t.Fatal(err)
			}
			wantRefusal(t, who.name+" GET with "+bad, p, http.StatusBadRequest)
		}
		p, err := anon.Submit(ctx, signinPage, signin, url.Values{"nick": {u.Nick}, "password": {u.Password}, "redirect_uri": {bad}})
		if err != nil {
			t.Fatal(err)
		}
		wantRefusal(t, "sign-in form with "+bad, p, http.StatusBadRequest)
		for _, action := range []string{"continue", "deny"} {
			p, err := b.Submit(ctx, consentPage, consent, url.Values{"action": {action}, "workspace_id": {"10022001"}, "redirect_uri": {bad}})
			if err != nil {
				t.Fatal(err)
			}
			wantRefusal(t, action+" with "+bad, p, http.StatusBadRequest)
		}
	}

	// The same forms with the registered address do redirect, to it.
	p, err := b.Submit(ctx, consentPage, consent, url.Values{"action": {"continue"}, "workspace_id": {"10022001"}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Location == nil || !strings.HasPrefix(p.Location.String(), goodRedirect+"?") || p.Location.Query().Get("code") == "" {
		t.Fatalf("the untampered consent redirected to %v (HTTP %d)", p.Location, p.Status)
	}
}

// without returns a copy of a form lacking one field.
func without(f webtest.Form, field string) webtest.Form {
	out := webtest.Form{Action: f.Action, HTML: f.HTML, Fields: url.Values{}}
	for k, v := range f.Fields {
		if k != field {
			out.Fields[k] = append([]string(nil), v...)
		}
	}
	return out
}

// TestFormsNeedTheirSessionsToken: a sign-in or consent form without its
// CSRF token, with a made-up one, with another browser's, or replayed after
// its session ended is refused (403, no redirect, no code).
func TestFormsNeedTheirSessionsToken(t *testing.T) {
	s := startService(t)
	ctx := testContext(t)
	demo, alice := s.user(t, "demo"), s.user(t, "alice")
	grant := url.Values{"action": {"continue"}, "workspace_id": {"10022001"}}

	// Sign-in forms.
	a, b := webtest.New(), webtest.New()
	pa, err := a.Get(ctx, s.authURL(goodRedirect, "st"))
	if err != nil {
		t.Fatal(err)
	}
	pb, err := b.Get(ctx, s.authURL(goodRedirect, "st"))
	if err != nil {
		t.Fatal(err)
	}
	fa, err := pa.FormTo("/oauth/signin")
	if err != nil {
		t.Fatal(err)
	}
	fb, err := pb.FormTo("/oauth/signin")
	if err != nil {
		t.Fatal(err)
	}
	creds := url.Values{"nick": {demo.Nick}, "password": {demo.Password}}
	for _, tc := range []struct {
		name  string
		form  webtest.Form
		extra url.Values
	}{
		{"without token", without(fa, "csrf_token"), creds},
		{"with an empty token", fa, url.Values{"nick": creds["nick"], "password": creds["password"], "csrf_token": {""}}},
		{"with a made-up token", fa, url.Values{"nick": creds["nick"], "password": creds["password"], "csrf_token": {strings.Repeat("0", 64)}}},
		{"with another browser's token", fb, creds},
	} {
		p, err := a.Submit(ctx, pa, tc.form, tc.extra)
		if err != nil {
			t.Fatal(err)
		}
		wantRefusal(t, "sign-in "+tc.name, p, http.StatusForbidden)
	}
	if p, err := a.Get(ctx, s.authURL(goodRedirect, "st")); err != nil || !strings.Contains(p.Body, `action="/oauth/signin"`) {
		t.Errorf("a refused sign-in signed the browser in (%v)", err)
	}

	// Consent forms.
	ba, pageA, consentA := s.signedIn(t, ctx, demo.Nick)
	bb, pageB, consentB := s.signedIn(t, ctx, alice.Nick)
	cookies := ba.Client.Jar.Cookies(pageA.URL)
	for _, tc := range []struct {
		name string
		b    *webtest.Browser
		form webtest.Form
	}{
		{"without token", ba, without(consentA, "csrf_token")},
		{"with another browser's token", ba, consentB},
		{"posted by another signed-in browser", bb, consentA},
		{"posted by a browser without a session", webtest.New(), consentA},
	} {
		p, err := tc.b.Submit(ctx, pageA, tc.form, grant)
		if err != nil {
			t.Fatal(err)
		}
		wantRefusal(t, "consent "+tc.name, p, http.StatusForbidden)
	}

	// Replayed with its own cookie after the session ended.
	logout, err := pageA.FormTo("/oauth/logout")
	if err != nil {
		t.Fatal(err)
	}
	if p, err := ba.Submit(ctx, pageA, logout, nil); err != nil || p.Status != http.StatusOK {
		t.Fatalf("sign out: %v", err)
	}
	replay := webtest.New()
	replay.Client.Jar.SetCookies(pageA.URL, cookies)
	p, err := replay.Submit(ctx, pageA, consentA, grant)
	if err != nil {
		t.Fatal(err)
	}
	wantRefusal(t, "consent replayed after sign-out", p, http.StatusForbidden)

	// The untouched form of a live session does go through.
	p, err = bb.Submit(ctx, pageB, consentB, url.Values{"action": {"continue"}, "workspace_id": {"10022002"}})
	if err != nil {
		t.Fatal(err)
	}
	if p.Location == nil || p.Location.Query().Get("code") == "" {
		t.Fatalf("alice's own consent was refused: HTTP %d", p.Status)
	}
}
