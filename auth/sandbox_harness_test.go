package auth_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"triage/api/sandbox"
	"triage/api/sandbox/webtest"
	"triage/auth"
)

// e2e is the local service and what a login against it needs.
type e2e struct {
	run         *sandbox.Running
	demo        sandbox.DemoInfo
	serverClock *webtest.Clock
	localNow    time.Time // the app's clock: two hours behind the service's
}

func startSandbox(t *testing.T) *e2e {
	t.Helper()
	clock := webtest.NewClock()
	run, err := sandbox.Start(sandbox.Options{Clock: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = run.Close() })
	return &e2e{run: run, demo: run.Server.Demo(), serverClock: clock, localNow: clock.Now().Add(-2 * time.Hour)}
}

func (e *e2e) config(edit func(*auth.OAuthConfig)) auth.OAuthConfig {
	cfg := auth.OAuthConfig{
		AuthURL: e.run.URL, BaseURL: e.run.URL,
		ClientID: e.demo.ClientID, ClientSecret: e.demo.ClientSecret,
		Timeout:     time.Minute,
		HTTPClient:  &http.Client{Timeout: 30 * time.Second},
		OpenBrowser: func(string) error { return errors.New("tests open no browser") },
		Now:         func() time.Time { return e.localNow },
	}
	if edit != nil {
		edit(&cfg)
	}
	return cfg
}

func (e *e2e) start(t *testing.T, ctx context.Context, edit func(*auth.OAuthConfig)) *auth.Flow {
	t.Helper()
	f, err := auth.StartOAuth(ctx, e.config(edit))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.Close() })
	return f
}

// demoUser is the sandbox's demo person.
func (e *e2e) demoUser(t *testing.T) sandbox.DemoUser {
	t.Helper()
	for _, u := range e.demo.Users {
		if u.Nick == "demo" {
			return u
		}
	}
	t.Fatal("the sandbox has no demo user")
	return sandbox.DemoUser{}
}

func (e *e2e) signIn(t *testing.T, d webtest.Decision) webtest.Decision {
	u := e.demoUser(t)
	d.Nick, d.Password = u.Nick, u.Password
	return d
}

type flowResult struct {
	s   auth.Session
	err error
}

func waitFor(ctx context.Context, f *auth.Flow) <-chan flowResult {
	ch := make(chan flowResult, 1)
	go func() {
		s, err := f.Wait(ctx)
		ch <- flowResult{s, err}
	}()
	return ch
}

// pasteCode gives flow f the code (and resource) of another flow's redirect,
// under f's own state, and returns the outcome of f.
func pasteCode(t *testing.T, ctx context.Context, f *auth.Flow, redirect *url.URL) error {
	t.Helper()
	authURL, err := url.Parse(f.URL())
	if err != nil {
		t.Fatal(err)
	}
	q := redirect.Query()
	q.Set("state", authURL.Query().Get("state"))
	if err := f.Paste(q.Encode()); err != nil {
		t.Fatal(err)
	}
	_, err = f.Wait(ctx)
	if code := redirect.Query().Get("code"); err != nil && strings.Contains(err.Error(), code) {
		t.Fatal("the error shows the code")
	}
	return err
}

// freePort is a loopback port free at the time of the call.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = ln.Close() }()
	return ln.Addr().(*net.TCPAddr).Port
}
