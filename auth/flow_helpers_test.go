package auth

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// testNow is the local clock of flow tests: the service's 17:16:04 (UTC+8).
var testNow = time.Date(2026, 1, 6, 9, 16, 4, 0, time.UTC)

// startFlow starts a login against the fake service; edit adjusts the config.
func startFlow(t *testing.T, ctx context.Context, svc *fakeService, edit func(*OAuthConfig)) *Flow {
	t.Helper()
	cfg := exchangeConfig(svc.URL(), testNow)
	cfg.Timeout = time.Minute
	if edit != nil {
		edit(&cfg)
	}
	f, err := StartOAuth(ctx, cfg)
	if err != nil {
		t.Fatalf("StartOAuth: %v", err)
	}
	t.Cleanup(func() { _ = f.Close() })
	return f
}

// flowState is the state the flow put in its authorization URL.
func flowState(t *testing.T, f *Flow) string {
	t.Helper()
	u, err := url.Parse(f.URL())
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("state")
}

// validQuery is the redirect the service would send for f.
func validQuery(t *testing.T, f *Flow) string {
	return "code=" + testCode + "&state=" + url.QueryEscape(flowState(t, f)) + "&resource=" + resourceParam("10022001")
}

type waitResult struct {
	s   Session
	err error
}

// waitAsync runs Wait in the background.
func waitAsync(ctx context.Context, f *Flow) <-chan waitResult {
	ch := make(chan waitResult, 1)
	go func() {
		s, err := f.Wait(ctx)
		ch <- waitResult{s, err}
	}()
	return ch
}

type pageResponse struct {
	status int
	header http.Header
	body   string
}

// hit sends a request to the listener as a browser would; host overrides
// the Host header when not empty.
func hit(t *testing.T, f *Flow, method, path, rawQuery, host string) pageResponse {
	t.Helper()
	req, err := http.NewRequest(method, "http://"+f.expect.host+path+"?"+rawQuery, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := http.DefaultTransport.RoundTrip(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return pageResponse{resp.StatusCode, resp.Header, string(body)}
}

// assertPortClosed fails when the listener still accepts connections.
func assertPortClosed(t *testing.T, f *Flow) {
	t.Helper()
	conn, err := net.Dial("tcp", f.expect.host)
	if err == nil {
		_ = conn.Close()
		t.Fatalf("port %s still open", f.expect.host)
	}
}

// assertSafePage checks the headers of a listener page and that it echoes
// nothing secret.
func assertSafePage(t *testing.T, p pageResponse, secrets ...string) {
	t.Helper()
	for key, want := range map[string]string{
		"Cache-Control":           "no-store",
		"Content-Security-Policy": pageCSP,
		"Referrer-Policy":         "no-referrer",
		"X-Content-Type-Options":  "nosniff",
		"Content-Type":            "text/html; charset=utf-8",
	} {
		if got := p.header.Get(key); got != want {
			t.Errorf("%s = %q, want %q", key, got, want)
		}
	}
	if !strings.HasPrefix(p.header.Get("Content-Security-Policy"), "default-src 'none'; style-src 'unsafe-inline'") {
		t.Errorf("CSP %q is not strict", p.header.Get("Content-Security-Policy"))
	}
	for _, s := range secrets {
		if strings.Contains(p.body, s) {
			t.Errorf("page echoes %q", s)
		}
	}
}

// expiringContext is a context whose deadline passes when the test says so,
// not at a wall-clock time.
type expiringContext struct {
	context.Context
	done chan struct{}
}

func newExpiringContext() *expiringContext {
	return &expiringContext{Context: context.Background(), done: make(chan struct{})}
}

func (c *expiringContext) expire()               { close(c.done) }
func (c *expiringContext) Done() <-chan struct{} { return c.done }

func (c *expiringContext) Err() error {
	select {
	case <-c.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}
