package auth

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestFlowWrongStateThenRight(t *testing.T) {
	svc := newFakeService(t)
	ctx := context.Background()
	f := startFlow(t, ctx, svc, nil)
	done := waitAsync(ctx, f)

	wrong := hit(t, f, http.MethodGet, "/callback", "code="+testCode+"&state=forged&resource="+resourceParam("1"), "")
	if wrong.status != http.StatusBadRequest {
		t.Fatalf("wrong state answered %d", wrong.status)
	}
	assertSafePage(t, wrong, testCode, "forged")

	right := hit(t, f, http.MethodGet, "/callback", validQuery(t, f), "")
	if right.status != http.StatusOK || !strings.Contains(right.body, "Logged in to triage") ||
		!strings.Contains(right.body, "close this tab") {
		t.Fatalf("right state answered %d: %s", right.status, right.body)
	}
	assertSafePage(t, right, testCode, flowState(t, f), fakeToken, "alice")

	res := <-done
	if res.err != nil {
		t.Fatalf("Wait: %v", res.err)
	}
	s := res.s
	if s.Method != MethodOAuth || s.Token != fakeToken || s.WorkspaceID != 10022001 || s.Scope != "story#read bug#read" ||
		s.Nick != "alice" || s.UserName != "Alice Andersen" || s.Service != svc.URL() {
		t.Fatalf("session %+v", s)
	}
	if !s.ExpiresAt.Equal(testNow.Add(7200 * time.Second)) {
		t.Fatalf("expires at %s", s.ExpiresAt)
	}
	if svc.form.Get("redirect_uri") != f.RedirectURI() || svc.bearer != "Bearer "+fakeToken {
		t.Fatalf("redirect_uri %q, users/info auth %q", svc.form.Get("redirect_uri"), svc.bearer)
	}
	assertPortClosed(t, f)
	if again, err := f.Wait(ctx); err != nil || again.Token != s.Token {
		t.Fatalf("second Wait = %v, %v", again, err)
	}
}

func TestFlowRefusals(t *testing.T) {
	tests := []struct {
		name   string
		method string
		path   string
		host   string
		status int
	}{
		{name: "wrong host (DNS rebinding)", method: http.MethodGet, path: "/callback", host: "evil.test:1234", status: http.StatusBadRequest},
		{name: "localhost host", method: http.MethodGet, path: "/callback", host: "localhost", status: http.StatusBadRequest},
		{name: "POST", method: http.MethodPost, path: "/callback", status: http.StatusMethodNotAllowed},
		{name: "HEAD", method: http.MethodHead, path: "/callback", status: http.StatusMethodNotAllowed},
		{name: "other path", method: http.MethodGet, path: "/favicon.ico", status: http.StatusNotFound},
	}
	svc := newFakeService(t)
	ctx := context.Background()
	f := startFlow(t, ctx, svc, nil)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := hit(t, f, tt.method, tt.path, validQuery(t, f), tt.host)
			if p.status != tt.status {
				t.Fatalf("answered %d, want %d", p.status, tt.status)
			}
			if tt.status == http.StatusMethodNotAllowed && p.header.Get("Allow") != http.MethodGet {
				t.Errorf("Allow = %q", p.header.Get("Allow"))
			}
			assertSafePage(t, p, testCode, flowState(t, f))
		})
	}
	// None of them was taken as the answer: the real redirect still is.
	done := waitAsync(ctx, f)
	if p := hit(t, f, http.MethodGet, "/callback", validQuery(t, f), ""); p.status != http.StatusOK {
		t.Fatalf("valid redirect answered %d", p.status)
	}
	if res := <-done; res.err != nil {
		t.Fatal(res.err)
	}
}

func TestFlowDenied(t *testing.T) {
	svc := newFakeService(t)
	ctx := context.Background()
	f := startFlow(t, ctx, svc, nil)
	p := hit(t, f, http.MethodGet, "/callback", "error=access_denied&state="+flowState(t, f), "")
	if p.status != http.StatusOK || !strings.Contains(p.body, "refused") {
		t.Fatalf("denied page %d: %s", p.status, p.body)
	}
	assertSafePage(t, p, flowState(t, f), "access_denied")
	_, err := f.Wait(ctx)
	if !errors.Is(err, ErrDenied) {
		t.Fatalf("Wait = %v, want ErrDenied", err)
	}
	assertPortClosed(t, f)
	if svc.calls() != 0 {
		t.Fatal("a refused login reached the token endpoint")
	}
}

func TestFlowEnds(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T, svc *fakeService) (*Flow, error)
		is   []error
	}{
		{
			name: "deadline",
			run: func(t *testing.T, svc *fakeService) (*Flow, error) {
				deadline := make(chan time.Time)
				f := startFlow(t, context.Background(), svc, func(c *OAuthConfig) {
					c.After = func(time.Duration) <-chan time.Time { return deadline }
				})
				close(deadline)
				_, err := f.Wait(context.Background())
				return f, err
			},
			is: []error{ErrTimeout},
		},
		{
			name: "start context cancelled",
			run: func(t *testing.T, svc *fakeService) (*Flow, error) {
				ctx, cancel := context.WithCancel(context.Background())
				f := startFlow(t, ctx, svc, nil)
				done := waitAsync(context.Background(), f)
				cancel()
				res := <-done
				return f, res.err
			},
			is: []error{ErrCancelled, context.Canceled},
		},
		{
			name: "start context deadline",
			run: func(t *testing.T, svc *fakeService) (*Flow, error) {
				ctx := newExpiringContext()
				f := startFlow(t, ctx, svc, nil)
				done := waitAsync(context.Background(), f)
				ctx.expire()
				res := <-done
				return f, res.err
			},
			is: []error{ErrTimeout, context.DeadlineExceeded},
		},
		{
			name: "wait context cancelled",
			run: func(t *testing.T, svc *fakeService) (*Flow, error) {
				f := startFlow(t, context.Background(), svc, nil)
				ctx, cancel := context.WithCancel(context.Background())
				done := waitAsync(ctx, f)
				cancel()
				res := <-done
				return f, res.err
			},
			is: []error{ErrCancelled, context.Canceled},
		},
		{
			name: "Close",
			run: func(t *testing.T, svc *fakeService) (*Flow, error) {
				f := startFlow(t, context.Background(), svc, nil)
				done := waitAsync(context.Background(), f)
				if err := f.Close(); err != nil {
					t.Fatal(err)
				}
				res := <-done
				return f, res.err
			},
			is: []error{ErrCancelled},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService(t)
			f, err := tt.run(t, svc)
			for _, want := range tt.is {
				if !errors.Is(err, want) {
					t.Errorf("Wait = %v, want %v", err, want)
				}
			}
			assertPortClosed(t, f)
			if err := f.Paste(validQuery(t, f)); err == nil {
				t.Error("a paste was taken after the flow ended")
			}
		})
	}
}

func TestFlowExchangeFailurePage(t *testing.T) {
	svc := newFakeService(t)
	svc.setToken(http.StatusUnprocessableEntity, `{"status":422,"data":"","info":"The authorization code has expired"}`)
	ctx := context.Background()
	f := startFlow(t, ctx, svc, nil)
	done := waitAsync(ctx, f)
	p := hit(t, f, http.MethodGet, "/callback", validQuery(t, f), "")
	if !strings.Contains(p.body, "did not complete") {
		t.Fatalf("page after a failed exchange: %s", p.body)
	}
	assertSafePage(t, p, testCode)
	res := <-done
	if !errors.Is(res.err, ErrCodeExpired) || !strings.Contains(res.err.Error(), "run the login again") {
		t.Fatalf("Wait = %v", res.err)
	}
	assertNoSecret(t, res.err.Error(), testCode)
}

func TestFlowPaste(t *testing.T) {
	svc := newFakeService(t)
	ctx := context.Background()
	f := startFlow(t, ctx, svc, nil)
	if err := f.Paste("http://" + f.expect.host + "/callback?code=" + testCode + "&state=forged"); err == nil {
		t.Fatal("a paste with the wrong state was taken")
	}
	if err := f.Paste("http://" + f.expect.host + "/elsewhere?" + validQuery(t, f)); err == nil {
		t.Fatal("a paste to another path was taken")
	}
	if err := f.Paste(f.RedirectURI() + "?" + validQuery(t, f)); err != nil {
		t.Fatalf("Paste: %v", err)
	}
	if err := f.Paste(validQuery(t, f)); err == nil {
		t.Fatal("a second paste was taken")
	}
	s, err := f.Wait(ctx)
	if err != nil || s.Token != fakeToken || s.WorkspaceID != 10022001 {
		t.Fatalf("Wait = %v, %v", s, err)
	}
	assertPortClosed(t, f)
}

func TestFlowUserLookup(t *testing.T) {
	tests := []struct {
		name     string
		status   int
		body     string
		wantNick string
		wantErr  bool
	}{
		{name: "found", status: 200, body: userOK, wantNick: "alice"},
		{name: "scope does not reach users/info", status: 403, body: `{"status":403,"data":"","info":"scope user#read is not granted"}`},
		{name: "not found", status: 404, body: `{"status":404,"data":"","info":"no such user"}`},
		{name: "token refused", status: 422, body: `{"status":422,"data":"","info":"The access token provided is invalid"}`, wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService(t)
			svc.setUser(tt.status, tt.body)
			ctx := context.Background()
			f := startFlow(t, ctx, svc, nil)
			if err := f.Paste(validQuery(t, f)); err != nil {
				t.Fatal(err)
			}
			s, err := f.Wait(ctx)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("Wait = %v, want an error", s)
				}
				assertNoSecret(t, err.Error(), testCode)
				return
			}
			if err != nil || s.Nick != tt.wantNick || s.Token != fakeToken {
				t.Fatalf("Wait = %+v, %v", s, err)
			}
		})
	}
}

func TestFlowExpiryUnderSkewedClock(t *testing.T) {
	tests := []struct {
		name      string
		serverNow string
	}{
		{name: "server 2h ahead", serverNow: "2026-01-06 19:16:04"},
		{name: "server 2h behind", serverNow: "2026-01-06 15:16:04"},
		{name: "no server time", serverNow: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService(t)
			svc.setToken(http.StatusOK, tokenOK(tt.serverNow))
			ctx := context.Background()
			f := startFlow(t, ctx, svc, nil)
			if err := f.Paste(validQuery(t, f)); err != nil {
				t.Fatal(err)
			}
			s, err := f.Wait(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if want := testNow.Add(2 * time.Hour); !s.ExpiresAt.Equal(want) {
				t.Fatalf("expires at %s, want %s", s.ExpiresAt, want)
			}
			if s.Expired(testNow.Add(time.Hour)) || !s.Expired(testNow.Add(2*time.Hour)) {
				t.Fatal("expiry not on the local clock")
			}
		})
	}
}

func TestFlowFixedPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	svc := newFakeService(t)
	cfg := exchangeConfig(svc.URL(), testNow)
	cfg.RedirectPort = port
	cfg.CallbackPath = "/oauth/done"
	if _, err := StartOAuth(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "busy") {
		t.Fatalf("StartOAuth on a busy port = %v", err)
	}
	_ = ln.Close()
	f := startFlow(t, context.Background(), svc, func(c *OAuthConfig) { c.RedirectPort = port; c.CallbackPath = "/oauth/done" })
	want := "http://127.0.0.1:" + strconv.Itoa(port) + "/oauth/done"
	if f.RedirectURI() != want || !strings.Contains(f.URL(), "redirect_uri="+url.QueryEscape(want)) {
		t.Fatalf("redirect %q, url %q", f.RedirectURI(), f.URL())
	}
	if p := hit(t, f, http.MethodGet, "/callback", validQuery(t, f), ""); p.status != http.StatusNotFound {
		t.Fatalf("default path answered %d", p.status)
	}
}
