package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// Secrets the tests authenticate with; no error text may ever hold them.
const (
	testUser     = "apiuser"
	testPassword = "p@ss:w/rd-S3CRET"
	testToken    = "tok-0123456789abcdef-SECRET"
)

// hits counts the requests a fake server receives, by path.
type hits struct {
	mu sync.Mutex
	n  map[string]int
}

// add records a request to path and returns its number (1-based).
func (h *hits) add(path string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.n == nil {
		h.n = make(map[string]int)
	}
	h.n[path]++
	return h.n[path]
}

func (h *hits) get(path string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.n[path]
}

// newTestClient serves h on a fresh test server and returns a client of it
// with Basic credentials and tiny backoffs.
func newTestClient(t *testing.T, h http.Handler, opts ...ClientOption) (*Client, *httptest.Server) {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	all := append([]ClientOption{WithBackoff(time.Microsecond, time.Millisecond), WithTimeout(5 * time.Second)}, opts...)
	return NewClient(srv.URL, BasicAuth{User: testUser, Password: testPassword}, all...), srv
}

// writeEnvelope answers with an envelope of the given HTTP code, status, data and info.
func writeEnvelope(w http.ResponseWriter, httpStatus, status int, data any, info string) {
	raw, err := json.Marshal(data)
	if err != nil {
		raw = []byte(`""`)
	}
	w.Header().Set("Content-Type", ContentTypeJSONCharset)
	w.WriteHeader(httpStatus)
	_ = json.NewEncoder(w).Encode(Envelope{Status: status, Data: raw, Info: info, Meta: &Meta{RequestID: "req-1"}})
}

// writeOK answers a success envelope.
func writeOK(w http.ResponseWriter, data any) {
	writeEnvelope(w, http.StatusOK, StatusOK, data, InfoSuccess)
}

// writeFailure answers an error envelope whose status repeats the HTTP code.
func writeFailure(w http.ResponseWriter, httpStatus int, info string) {
	writeEnvelope(w, httpStatus, httpStatus, "", info)
}

// hijackClose drops the connection without answering.
func hijackClose(t *testing.T, w http.ResponseWriter) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		t.Error("response writer cannot hijack")
		return
	}
	conn, _, err := hj.Hijack()
	if err != nil {
		t.Errorf("hijack: %v", err)
		return
	}
	_ = conn.Close()
}

// assertNoSecret fails when an error's text or its chain holds a test secret.
func assertNoSecret(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		return
	}
	for e := err; e != nil; e = unwrapOne(e) {
		for _, s := range []string{testPassword, testToken} {
			if strings.Contains(e.Error(), s) {
				t.Errorf("error text holds a secret: %q", e.Error())
			}
		}
	}
}

func unwrapOne(err error) error {
	u, ok := err.(interface{ Unwrap() error })
	if !ok {
		return nil
	}
	return u.Unwrap()
}

// countHandler answers /stories/count with n.
func countHandler(n int) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) { writeOK(w, map[string]int{"count": n}) }
}

// expiry ends contexts on the test's cue, as their deadline would: once
// expire is called, the contexts it made so far are done with
// context.DeadlineExceeded; those it makes later are not. No test waits for
// a clock to run out.
type expiry struct {
	mu   sync.Mutex
	live []*cuedContext
}

func newExpiry() *expiry { return &expiry{} }

// expire ends every context made so far.
func (x *expiry) expire() {
	x.mu.Lock()
	live := x.live
	x.live = nil
	x.mu.Unlock()
	for _, c := range live {
		c.expireOnce.Do(func() { close(c.expired) })
	}
}

// context is a context under parent that expire ends, and its cancel.
func (x *expiry) context(parent context.Context) (context.Context, context.CancelFunc) {
	c := &cuedContext{Context: parent, expired: make(chan struct{}), stop: make(chan struct{}), done: make(chan struct{})}
	x.mu.Lock()
	x.live = append(x.live, c)
	x.mu.Unlock()
	go c.watch()
	var once sync.Once
	return c, func() { once.Do(func() { close(c.stop) }) }
}

// option makes each attempt of the client end on expire instead of a timeout.
func (x *expiry) option() ClientOption {
	return func(c *Client) {
		c.bound = func(ctx context.Context, _ time.Duration) (context.Context, context.CancelFunc) {
			return x.context(ctx)
		}
	}
}

// cuedContext is a context an expiry ends.
type cuedContext struct {
	context.Context
	expireOnce sync.Once
	expired    chan struct{} // closed by expire
	stop       chan struct{} // closed by cancel
	done       chan struct{}
}

func (c *cuedContext) watch() {
	select {
	case <-c.Context.Done():
	case <-c.expired:
	case <-c.stop:
	}
	close(c.done)
}

func (c *cuedContext) Done() <-chan struct{} { return c.done }

func (c *cuedContext) Err() error {
	select {
	case <-c.expired:
		return context.DeadlineExceeded
	default:
	}
	if err := c.Context.Err(); err != nil {
		return err
	}
	select {
	case <-c.stop:
		return context.Canceled
	default:
		return nil
	}
}
