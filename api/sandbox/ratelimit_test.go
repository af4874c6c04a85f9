package sandbox

import (
	"net/http"
	"testing"
	"time"

	"triage/api"
)

func TestRateLimit(t *testing.T) {
	h := startHarness(t, Options{Rate: 3})
	get := func(auth string) reply {
		return h.do(request{path: "/stories/count", auth: auth, query: wsQuery(wsAtlas)})
	}
	const info = "To many requests, api account northwind max request rates is 3req/10min"
	for range 3 {
		get(h.apiBasic()).wantOK(t, nil)
	}
	r := get(h.apiBasic())
	r.wantError(t, http.StatusTooManyRequests, info)
	if got := r.header.Get(api.HeaderRetryAfter); got != "600" {
		t.Errorf("Retry-After %q, want 600", got)
	}
	// Another credential has its own count; failed sign-ins are not counted.
	get(bearer(h.user("demo").PersonalToken)).wantOK(t, nil)
	get(basicAuth("northwind", "wrong")).wantError(t, http.StatusUnauthorized, api.InfoUnauthorized)

	h.clock.Advance(4 * time.Minute)
	r = get(h.apiBasic())
	r.wantError(t, http.StatusTooManyRequests, info)
	if got := r.header.Get(api.HeaderRetryAfter); got != "360" {
		t.Errorf("Retry-After %q, want 360", got)
	}
	h.clock.Advance(5*time.Minute + 59*time.Second + 500*time.Millisecond)
	if got := get(h.apiBasic()).header.Get(api.HeaderRetryAfter); got != "1" {
		t.Errorf("Retry-After %q, want 1 (rounded up)", got)
	}
	h.clock.Advance(time.Second)
	get(h.apiBasic()).wantOK(t, nil)
	h.do(request{path: "/quickstart/testauth", auth: h.apiBasic()}).wantOK(t, nil)
	h.do(request{path: "/users/info", auth: bearer(h.user("demo").PersonalToken)}).wantOK(t, nil)
	h.do(request{path: "/workspaces/get_workspace_info", auth: h.apiBasic(), query: wsQuery(wsAtlas)}).wantOK(t, nil)
	h.do(request{path: "/quickstart/testauth", auth: h.apiBasic()}).wantError(t, http.StatusTooManyRequests, info)

	// The token endpoint counts per application.
	for range 3 {
		h.exchange("unknown", testRedirect).wantError(t, 422, api.InfoCodeInvalid)
	}
	h.exchange("unknown", testRedirect).wantError(t, http.StatusTooManyRequests, "To many requests, api account triage max request rates is 3req/10min")
}

func TestRateLimitOff(t *testing.T) {
	h := startHarness(t, Options{})
	for range 20 {
		h.do(request{path: "/quickstart/testauth", auth: h.apiBasic()}).wantOK(t, nil)
	}
}

func TestRateLimiterForgetsEndedWindows(t *testing.T) {
	l := newRateLimiter(1, 0)
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range 5000 {
		if _, ok := l.allow(string(rune('a'+i%26))+time.Duration(i).String(), now.Add(time.Duration(i)*time.Second)); !ok {
			t.Fatalf("request %d refused", i)
		}
	}
	if len(l.windows) > 4096 {
		t.Errorf("%d windows kept", len(l.windows))
	}
}

func TestRateWindow(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		window time.Duration
		per    string
	}{{0, "10min"}, {time.Minute, "1min"}, {5 * time.Second, "5s"}, {1500 * time.Millisecond, "2s"}}
	for _, tt := range tests {
		l := newRateLimiter(1, tt.window)
		if got := l.per(); got != tt.per {
			t.Errorf("window %s is named %q, want %q", tt.window, got, tt.per)
		}
		if _, ok := l.allow("k", now); !ok {
			t.Fatal("first request refused")
		}
		wait, ok := l.allow("k", now.Add(time.Millisecond))
		if ok || wait != l.window-time.Millisecond {
			t.Errorf("window %s: second request allowed %v, wait %s", tt.window, ok, wait)
		}
		if _, ok := l.allow("k", now.Add(l.window)); !ok {
			t.Errorf("window %s: refused once the window ended", tt.window)
		}
	}
}
