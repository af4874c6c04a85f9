package api

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"
)

// DefaultStallTimeout is how long a read may go without a byte of its answer
// (the headers, then each read of the body) before the try is abandoned and
// retried: far below the per-try timeout, so one stuck connection costs
// seconds, not a minute.
const DefaultStallTimeout = 15 * time.Second

// WithStallTimeout sets how long a read may make no progress before its try
// is abandoned (default DefaultStallTimeout; 0: only the per-try timeout).
// Writes are never abandoned this way: they wait for the per-try timeout.
func WithStallTimeout(d time.Duration) ClientOption {
	return func(c *Client) { c.stall = max(d, 0) }
}

// newTransport is the client's own transport when the caller gives none: Go's
// default one, keeping as many idle connections to the service as requests
// may be in flight (Go keeps 2), so a long list reuses its connections
// instead of opening one for most pages.
func newTransport(maxInFlight int) http.RoundTripper {
	base, ok := http.DefaultTransport.(*http.Transport)
	if !ok {
		return http.DefaultTransport
	}
	t := base.Clone()
	t.MaxIdleConnsPerHost = maxInFlight
	t.MaxIdleConns = max(t.MaxIdleConns, maxInFlight)
	return t
}

// stalledError is why a try was abandoned: no progress for a while.
type stalledError struct{ after time.Duration }

func (e stalledError) Error() string {
	return fmt.Sprintf("the service sent nothing for %s", e.after)
}

// Timeout marks it as a timeout, as the client reports one.
func (stalledError) Timeout() bool { return true }

// stallWatch cancels a try's context when it makes no progress for a while:
// from the start until the headers, then between reads of the body.
type stallWatch struct {
	after time.Duration
	ctx   context.Context
	timer *time.Timer
}

// watchStall derives a context that ends after d without progress.
func watchStall(ctx context.Context, d time.Duration) (context.Context, *stallWatch) {
	ctx, cancel := context.WithCancelCause(ctx)
	w := &stallWatch{after: d, ctx: ctx}
	w.timer = time.AfterFunc(d, func() { cancel(stalledError{after: d}) })
	return ctx, w
}

// progress restarts the wait.
func (w *stallWatch) progress() {
	if w != nil {
		w.timer.Reset(w.after)
	}
}

// stop ends the watch.
func (w *stallWatch) stop() {
	if w != nil {
		w.timer.Stop()
	}
}

// cause is err, or the stall when the watch ended the try.
func (w *stallWatch) cause(err error) error {
	if w == nil {
		return err
	}
	if s, ok := context.Cause(w.ctx).(stalledError); ok {
		return s
	}
	return err
}

// body counts each read of r that returns bytes as progress.
func (w *stallWatch) body(r io.ReadCloser) io.ReadCloser {
	if w == nil {
		return r
	}
	return progressReader{ReadCloser: r, w: w}
}

type progressReader struct {
	io.ReadCloser
	w *stallWatch
}

func (p progressReader) Read(b []byte) (int, error) {
	n, err := p.ReadCloser.Read(b)
	if n > 0 {
		p.w.progress()
	}
	return n, err
}
