package api

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// failing answers the first n requests of each path with fail, then succeeds.
func failing(t *testing.T, h *hits, n int, fail func(w http.ResponseWriter, r *http.Request)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if h.add(r.URL.Path) <= n {
			fail(w, r)
			return
		}
		if r.Method == http.MethodPost {
			writeOK(w, map[string]any{"Story": map[string]string{"id": "1000000001000000001", "name": "x"}})
			return
		}
		writeOK(w, map[string]int{"count": 5})
	}
}

func TestReadsRetry(t *testing.T) {
	status := func(code int) func(w http.ResponseWriter, r *http.Request) {
		return func(w http.ResponseWriter, r *http.Request) { writeFailure(w, code, http.StatusText(code)) }
	}
	tests := []struct {
		name    string
		fails   int
		fail    func(t *testing.T, x *expiry) func(w http.ResponseWriter, r *http.Request)
		retries int
		kind    ErrorKind // 0: success
		hits    int
	}{
		{name: "429 with Retry-After then 200", fails: 1, fail: func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set(HeaderRetryAfter, "1")
				writeFailure(w, 429, "To many requests")
			}
		}, retries: 4, hits: 2},
		{name: "503 three times", fails: 3, fail: func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) { return status(503) }, retries: 4, hits: 4},
		{name: "500 then 502", fails: 2, fail: func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) {
			n := 0
			return func(w http.ResponseWriter, r *http.Request) {
				n++
				status(498+2*n)(w, r)
			}
		}, retries: 4, hits: 3},
		{name: "502 html page", fails: 1, fail: func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(502)
				_, _ = w.Write([]byte("<h1>502 Bad Gateway</h1>"))
			}
		}, retries: 4, hits: 2},
		{name: "503 beyond the retries", fails: 10, fail: func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) { return status(503) },
			retries: 4, kind: ErrServer, hits: 5},
		{name: "default retries", fails: 10, fail: func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) { return status(500) },
			retries: -1, kind: ErrServer, hits: DefaultMaxRetries + 1},
		{name: "no retries", fails: 1, fail: func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) { return status(503) }, retries: 0, kind: ErrServer, hits: 1},
		{name: "dropped connection", fails: 2, fail: func(t *testing.T, _ *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) { hijackClose(t, w) }
		}, retries: 4, hits: 3},
		{name: "dropped every time", fails: 10, fail: func(t *testing.T, _ *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) { hijackClose(t, w) }
		}, retries: 2, kind: ErrNetwork},
		{name: "timeout", fails: 1, fail: func(_ *testing.T, x *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) { x.expire(); <-r.Context().Done() }
		}, retries: 4, hits: 2},
		{name: "401 not retried", fails: 1, fail: func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) { return status(401) }, retries: 4, kind: ErrCredentials, hits: 1},
		{name: "404 not retried", fails: 1, fail: func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) { return status(404) }, retries: 4, kind: ErrNotFound, hits: 1},
		{name: "422 not retried", fails: 1, fail: func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) { return status(422) }, retries: 4, kind: ErrValidation, hits: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var h hits
			x := newExpiry()
			opts := []ClientOption{x.option()}
			if tc.retries >= 0 {
				opts = append(opts, WithMaxRetries(tc.retries))
			}
			c, _ := newTestClient(t, failing(t, &h, tc.fails, tc.fail(t, x)), opts...)
			n, err := c.Count(context.Background(), 1, Story, nil)
			if KindOf(err) != tc.kind || (tc.kind == 0 && (err != nil || n != 5)) {
				t.Fatalf("Count = %d, %v; want kind %v", n, err, tc.kind)
			}
			// Every drop closes its connection, so the next attempt dials a
			// fresh one, which the transport never resends by itself.
			if got := h.get("/stories/count"); tc.hits > 0 && got != tc.hits {
				t.Errorf("%d requests, want %d", got, tc.hits)
			}
			assertNoSecret(t, err)
		})
	}
}

func TestTimeoutSaysSo(t *testing.T) {
	x := newExpiry()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		x.expire() // the request arrived; the attempt times out
		<-r.Context().Done()
	}), x.option(), WithMaxRetries(1))
	_, err := c.Count(context.Background(), 1, Story, nil)
	if KindOf(err) != ErrNetwork || !strings.Contains(err.Error(), "did not answer in time") {
		t.Errorf("err = %v", err)
	}
}

func TestConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	c := NewClient("http://"+addr, BasicAuth{User: testUser, Password: testPassword}, WithBackoff(0, 0), WithMaxRetries(1))
	_, err = c.Count(context.Background(), 1, Story, nil)
	if KindOf(err) != ErrNetwork || !strings.Contains(err.Error(), "cannot reach the service") || strings.Contains(err.Error(), "http://") {
		t.Errorf("read err = %v", err)
	}
	_, err = c.Create(context.Background(), NewItem{Kind: Story, WorkspaceID: 1, Title: "x"})
	if KindOf(err) != ErrNetwork || MaybeApplied(err) {
		t.Errorf("write err = %v, maybe applied %v; a refused connection sent nothing", err, MaybeApplied(err))
	}
	assertNoSecret(t, err)
}

func TestWritesAreNeverRetried(t *testing.T) {
	// x ends the attempt of "timeout after sending" once the service read
	// the request; the other cases answer, and never see it.
	tests := []struct {
		name    string
		fail    func(t *testing.T, x *expiry) func(w http.ResponseWriter, r *http.Request)
		kind    ErrorKind
		applied bool
	}{
		{"503", func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) { writeFailure(w, 503, "overloaded") }
		}, ErrServer, true},
		{"502 html page", func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(502)
				_, _ = w.Write([]byte("<p>bad gateway</p>"))
			}
		}, ErrNotJSON, true},
		{"429", func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) { writeFailure(w, 429, "slow down") }
		}, ErrRateLimited, false},
		{"422", func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) { writeFailure(w, 422, "name is required.") }
		}, ErrValidation, false},
		{"401", func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) { writeFailure(w, 401, InfoUnauthorized) }
		}, ErrCredentials, false},
		{"dropped after reading", func(t *testing.T, _ *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) { _ = r.ParseForm(); hijackClose(t, w) }
		}, ErrNetwork, true},
		{"timeout after sending", func(_ *testing.T, x *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) { _ = r.ParseForm(); x.expire(); <-r.Context().Done() }
		}, ErrNetwork, true},
		{"greeting instead of the item", func(*testing.T, *expiry) func(http.ResponseWriter, *http.Request) {
			return func(w http.ResponseWriter, r *http.Request) { writeOK(w, "Hello") }
		}, ErrShape, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var h hits
			x := newExpiry()
			c, _ := newTestClient(t, failing(t, &h, 1, tc.fail(t, x)), x.option())
			_, err := c.UpdatePriority(context.Background(), 1, Story, "1000000001000000001", "High", "ann")
			if KindOf(err) != tc.kind {
				t.Fatalf("err = %v, want kind %v", err, tc.kind)
			}
			if MaybeApplied(err) != tc.applied {
				t.Errorf("MaybeApplied = %v, want %v (%v)", MaybeApplied(err), tc.applied, err)
			}
			if got := h.get("/stories"); got != 1 {
				t.Errorf("the write was sent %d times", got)
			}
			assertNoSecret(t, err)
		})
	}
}

func TestCancelDuringBackoff(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeFailure(w, 503, "busy")
		cancel()
	}), WithBackoff(time.Hour, time.Hour))
	_, err := c.Count(ctx, 1, Story, nil)
	if KindOf(err) != ErrCanceled || !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want cancelled", err)
	}
}

func TestDeadlineDuringBackoffKeepsTheCause(t *testing.T) {
	// The caller's deadline passes once the client waits to try again.
	x := newExpiry()
	ctx, cancel := x.context(context.Background())
	defer cancel()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set(HeaderRetryAfter, "60")
		writeFailure(w, 429, "slow down")
	}), WithBackoff(time.Hour, time.Hour), func(c *Client) {
		c.pause = func(ctx context.Context, d time.Duration) error {
			x.expire()
			return sleep(ctx, d)
		}
	})
	_, err := c.Count(ctx, 1, Story, nil)
	var e *Error
	if !errors.As(err, &e) || e.Kind != ErrRateLimited || e.RetryAfter != time.Minute {
		t.Errorf("err = %v, want the 429 with its wait", err)
	}
}

func TestWaitBacksOffWithinTheCap(t *testing.T) {
	tests := []struct {
		name            string
		base, max       time.Duration
		attempt         int
		atLeast, atMost time.Duration
	}{
		{"jitter within the first ceiling", 100 * time.Millisecond, time.Second, 0, 0, 100 * time.Millisecond},
		{"grows with the attempt", 100 * time.Millisecond, time.Minute, 3, 0, 800 * time.Millisecond},
		{"capped", time.Second, 2 * time.Second, 10, 0, 2 * time.Second},
		{"huge attempt", time.Second, 2 * time.Second, 200, 0, 2 * time.Second},
		{"no backoff", 0, 0, 2, 0, 0},
		{"no base", 0, time.Second, 2, 0, 0},
		{"overflowing shift", time.Hour, 100 * time.Hour, 61, 0, 100 * time.Hour},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewClient("http://127.0.0.1", nil, WithBackoff(tc.base, tc.max))
			for range 200 {
				d := c.wait(tc.attempt)
				if d < tc.atLeast || d > tc.atMost {
					t.Fatalf("wait = %v, want within [%v, %v]", d, tc.atLeast, tc.atMost)
				}
			}
		})
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 6, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"", 0},
		{"0", 0},
		{"-5", 0},
		{" 30 ", 30 * time.Second},
		{"99999999999999", maxRetryAfter},
		{now.Add(2 * time.Minute).Format(http.TimeFormat), 2 * time.Minute},
		{now.Add(-time.Minute).Format(http.TimeFormat), 0},
		{now.Add(2 * time.Minute).Format(time.RFC850), 2 * time.Minute},
		{"soon", 0},
		{"1.5", 0},
	}
	for _, tc := range tests {
		if got := parseRetryAfter(tc.in, now); got != tc.want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", tc.in, got, tc.want)
		}
	}
}
