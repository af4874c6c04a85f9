package auth_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/webtest"
	"triage/auth"
)

func TestSandboxLogin(t *testing.T) {
	e := startSandbox(t)
	ctx := context.Background()
	b := webtest.New()
	for i, ws := range []int64{0, 10022003} {
		f := e.start(t, ctx, nil)
		done := waitFor(ctx, f)
		to, err := b.Authorize(ctx, f.URL(), e.signIn(t, webtest.Decision{WorkspaceID: ws}))
		if err != nil {
			t.Fatalf("login %d: %v", i+1, err)
		}
		if got := to.Scheme + "://" + to.Host + to.Path; got != f.RedirectURI() {
			t.Fatalf("redirected to %s, want %s", got, f.RedirectURI())
		}
		p, err := b.Get(ctx, to.String())
		if err != nil {
			t.Fatal(err)
		}
		if p.Status != http.StatusOK || !strings.Contains(p.Body, "Logged in to triage") {
			t.Fatalf("listener page %d: %s", p.Status, webtest.Text(p.Body))
		}
		if strings.Contains(p.Body, to.Query().Get("code")) || strings.Contains(p.Body, to.Query().Get("state")) {
			t.Fatal("the listener page echoes the code or the state")
		}
		res := <-done
		if res.err != nil {
			t.Fatalf("login %d: %v", i+1, res.err)
		}
		s := res.s
		wantWS := ws
		if wantWS == 0 {
			wantWS = e.demoUser(t).Workspaces[0]
		}
		if s.Method != auth.MethodOAuth || s.WorkspaceID != wantWS || s.Scope != api.DefaultScopes ||
			s.Nick != "demo" || s.UserName != "Demo User" || s.Service != e.run.URL || s.Token == "" {
			t.Fatalf("login %d: session %v", i+1, s)
		}
		// The service's clock is two hours ahead; the session still lives
		// 7200 s from the local time of the exchange.
		if want := e.localNow.Add(sandbox.DefaultTokenTTL); !s.ExpiresAt.Equal(want) {
			t.Fatalf("expires at %s, want %s", s.ExpiresAt, want)
		}
		if s.ClockSkew != -2*time.Hour {
			t.Fatalf("clock skew %s, want -2h", s.ClockSkew)
		}
		if strings.Contains(s.String(), s.Token) {
			t.Fatal("String shows the token")
		}
		// The token works on the granted workspace.
		if _, err := api.NewClient(s.Service, s.Authorizer()).UserInfo(ctx); err != nil {
			t.Fatalf("the new token does not work: %v", err)
		}
		if conn, err := net.Dial("tcp", to.Host); err == nil {
			_ = conn.Close()
			t.Fatal("the listener port is still open")
		}
	}
	if b.SignIns != 1 {
		t.Fatalf("the browser signed in %d times; the second login should be silent", b.SignIns)
	}
}

func TestSandboxDeny(t *testing.T) {
	e := startSandbox(t)
	ctx := context.Background()
	b := webtest.New()
	f := e.start(t, ctx, nil)
	done := waitFor(ctx, f)
	to, err := b.Authorize(ctx, f.URL(), e.signIn(t, webtest.Decision{Deny: true}))
	if err != nil {
		t.Fatal(err)
	}
	p, err := b.Get(ctx, to.String())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Body, "refused") {
		t.Fatalf("listener page: %s", webtest.Text(p.Body))
	}
	if res := <-done; !errors.Is(res.err, auth.ErrDenied) {
		t.Fatalf("Wait = %v, want ErrDenied", res.err)
	}
}

func TestSandboxWrongStateThenRight(t *testing.T) {
	e := startSandbox(t)
	ctx := context.Background()
	b := webtest.New()
	f := e.start(t, ctx, nil)
	done := waitFor(ctx, f)
	to, err := b.Authorize(ctx, f.URL(), e.signIn(t, webtest.Decision{}))
	if err != nil {
		t.Fatal(err)
	}
	forged := *to
	q := forged.Query()
	q.Set("state", "forged-"+q.Get("state"))
	forged.RawQuery = q.Encode()
	p, err := b.Get(ctx, forged.String())
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != http.StatusBadRequest {
		t.Fatalf("forged state answered %d", p.Status)
	}
	if p, err = b.Get(ctx, to.String()); err != nil || p.Status != http.StatusOK {
		t.Fatalf("right state: %v %d", err, p.Status)
	}
	if res := <-done; res.err != nil || res.s.Nick != "demo" {
		t.Fatalf("Wait = %v, %v", res.s, res.err)
	}
}

func TestSandboxPaste(t *testing.T) {
	e := startSandbox(t)
	ctx := context.Background()
	b := webtest.New()
	f := e.start(t, ctx, nil)
	to, err := b.Authorize(ctx, f.URL(), e.signIn(t, webtest.Decision{}))
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Paste(to.RawQuery); err != nil {
		t.Fatal(err)
	}
	s, err := f.Wait(ctx)
	if err != nil || s.Nick != "demo" {
		t.Fatalf("Wait = %v, %v", s, err)
	}
}

func TestSandboxExchangeRefusals(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T, e *e2e) error
		is   error
	}{
		{
			name: "expired code",
			run: func(t *testing.T, e *e2e) error {
				ctx := context.Background()
				f := e.start(t, ctx, nil)
				done := waitFor(ctx, f)
				to, err := webtest.New().Authorize(ctx, f.URL(), e.signIn(t, webtest.Decision{}))
				if err != nil {
					t.Fatal(err)
				}
				e.serverClock.Advance(sandbox.DefaultCodeTTL + time.Second)
				if err := f.Paste(to.String()); err != nil {
					t.Fatal(err)
				}
				return (<-done).err
			},
			is: auth.ErrCodeExpired,
		},
		{
			name: "reused code",
			run: func(t *testing.T, e *e2e) error {
				ctx := context.Background()
				port := freePort(t)
				fixed := func(c *auth.OAuthConfig) { c.RedirectPort = port }
				first := e.start(t, ctx, fixed)
				to, err := webtest.New().Authorize(ctx, first.URL(), e.signIn(t, webtest.Decision{}))
				if err != nil {
					t.Fatal(err)
				}
				if err := first.Paste(to.String()); err != nil {
					t.Fatal(err)
				}
				if _, err := first.Wait(ctx); err != nil {
					t.Fatal(err)
				}
				second := e.start(t, ctx, fixed)
				return pasteCode(t, ctx, second, to)
			},
			is: auth.ErrCodeRejected,
		},
		{
			name: "code issued for another redirect address",
			run: func(t *testing.T, e *e2e) error {
				ctx := context.Background()
				first := e.start(t, ctx, nil)
				to, err := webtest.New().Authorize(ctx, first.URL(), e.signIn(t, webtest.Decision{}))
				if err != nil {
					t.Fatal(err)
				}
				_ = first.Close()
				second := e.start(t, ctx, nil)
				return pasteCode(t, ctx, second, to)
			},
			is: auth.ErrRedirectRejected,
		},
		{
			name: "wrong client secret",
			run: func(t *testing.T, e *e2e) error {
				ctx := context.Background()
				f := e.start(t, ctx, func(c *auth.OAuthConfig) { c.ClientSecret = "not-" + c.ClientSecret })
				to, err := webtest.New().Authorize(ctx, f.URL(), e.signIn(t, webtest.Decision{}))
				if err != nil {
					t.Fatal(err)
				}
				if err := f.Paste(to.String()); err != nil {
					t.Fatal(err)
				}
				_, err = f.Wait(ctx)
				return err
			},
			is: auth.ErrClientRejected,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := startSandbox(t)
			err := tt.run(t, e)
			if !errors.Is(err, tt.is) {
				t.Fatalf("Wait = %v, want %v", err, tt.is)
			}
			if strings.Contains(err.Error(), e.demo.ClientSecret) {
				t.Fatal("the error shows the client secret")
			}
		})
	}
}

func TestSandboxUnregisteredCallback(t *testing.T) {
	e := startSandbox(t)
	ctx := context.Background()
	f := e.start(t, ctx, func(c *auth.OAuthConfig) { c.CallbackPath = "/elsewhere" })
	if _, err := webtest.New().Authorize(ctx, f.URL(), e.signIn(t, webtest.Decision{})); err == nil ||
		!strings.Contains(err.Error(), "redirect_uri is not registered") {
		t.Fatalf("authorize = %v, want the service to refuse the redirect address", err)
	}
}

func TestSandboxCancel(t *testing.T) {
	e := startSandbox(t)
	ctx, cancel := context.WithCancel(context.Background())
	b := webtest.New()
	f := e.start(t, ctx, nil)
	done := waitFor(context.Background(), f)
	to, err := b.Authorize(context.Background(), f.URL(), e.signIn(t, webtest.Decision{}))
	if err != nil {
		t.Fatal(err)
	}
	cancel()
	if res := <-done; !errors.Is(res.err, auth.ErrCancelled) {
		t.Fatalf("Wait = %v, want ErrCancelled", res.err)
	}
	if _, err := b.Get(context.Background(), to.String()); err == nil {
		t.Fatal("the listener still answers after cancellation")
	}
}

func TestSandboxDirectLogins(t *testing.T) {
	e := startSandbox(t)
	ctx := context.Background()
	u := e.demoUser(t)
	s, err := auth.LoginToken(ctx, e.run.URL, u.PersonalToken, nil)
	if err != nil || s.Nick != u.Nick || s.UserName != u.Name || s.Method != auth.MethodToken || !s.ExpiresAt.IsZero() {
		t.Fatalf("LoginToken = %v, %v", s, err)
	}
	if _, err := auth.LoginToken(ctx, e.run.URL, "0"+u.PersonalToken[1:], nil); err == nil {
		t.Fatal("a wrong personal token was accepted")
	}
	s, err = auth.LoginBasic(ctx, e.run.URL, e.demo.APIUser, e.demo.APIPassword, nil)
	if err != nil || s.APIUser != e.demo.APIUser || s.Method != auth.MethodBasic {
		t.Fatalf("LoginBasic = %v, %v", s, err)
	}
	wrong := e.demo.APIPassword + "x"
	_, err = auth.LoginBasic(ctx, e.run.URL, e.demo.APIUser, wrong, nil)
	if err == nil {
		t.Fatal("a wrong API password was accepted")
	}
	if strings.Contains(err.Error(), wrong) || strings.Contains(err.Error(), e.demo.APIPassword) {
		t.Fatalf("the error shows the password: %v", err)
	}
}
