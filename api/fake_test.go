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

// expiry ends a client's attempts on the test's cue, as their timeout
// would: once expire is called, an attempt's context is done with
// context.DeadlineExceeded. No test waits for a clock to run out.
type expiry struct {
	once sync.Once
	done chan struct{}
}

func newExpiry() *expiry { return &expiry{done: make(chan struct{})} }

// expire ends every attempt, under way or to come.
func (x *expiry) expire() { x.once.Do(func() { close(x.done) }) }

// option makes the client's attempts end on expire instead of a timeout.
func (x *expiry) option() ClientOption {
	return func(c *Client) {
		c.bound = func(ctx context.Context, _ time.Duration) (context.Context, context.CancelFunc) {
			cc := &cuedContext{Context: ctx, expiry: x, stop: make(chan struct{}), done: make(chan struct{})}
			go cc.watch()
			var once sync.Once
			return cc, func() { once.Do(func() { close(cc.stop) }) }
		}
	}
}

// cuedContext is an attempt's context that an expiry ends.
type cuedContext struct {
	context.Context
	expiry *expiry
	stop   chan struct{} // closed by the attempt's cancel
	done   chan struct{}
}

func (c *cuedContext) watch() {
	select {
	case <-c.Context.Done():
	case <-c.expiry.done:
	case <-c.stop:
	}
	close(c.done)
}

func (c *cuedContext) Done() <-chan struct{} { return c.done }

func (c *cuedContext) Err() error {
	select {
	case <-c.expiry.done:
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
