package api

import (
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Defaults of a Client.
const (
	DefaultMaxRetries       = 4
	DefaultBackoffBase      = 300 * time.Millisecond
	DefaultBackoffMax       = 20 * time.Second
	DefaultMaxInFlight      = 4
	DefaultTimeout          = 60 * time.Second
	DefaultMaxResponseBytes = 32 << 20
	DefaultUserAgent        = "triage"
)

// Client calls the service at one base URL with one set of credentials. It is
// safe for concurrent use; at most MaxInFlight requests are under way at once,
// and each takes a slot of the account's rate budget first (WithBudget).
type Client struct {
	baseURL     string
	httpClient  *http.Client
	userAgent   string
	maxRetries  int
	backoffBase time.Duration
	backoffMax  time.Duration
	maxInFlight int
	timeout     time.Duration
	stall       time.Duration
	maxBody     int64
	now         func() time.Time
	// bound gives an attempt its timeout and pause waits between attempts:
	// context.WithTimeout and sleep, or in tests a cue of the test's rather
	// than the clock's.
	bound func(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc)
	pause func(ctx context.Context, d time.Duration) error
	sem   chan struct{}
	// budget is the account's rate budget; notice hears of each wait for it.
	budget *Budget
	notice func(Wait)

	mu   sync.RWMutex
	auth Authorizer
}

// ClientOption configures a Client. (Option is the name of a field's option, see fields.go.)
type ClientOption func(*Client)

// WithHTTPClient sets the HTTP client (its Transport, redirects, jar). The
// client's own Timeout, if any, applies on top of WithTimeout. Without one,
// the client has its own transport, which keeps MaxInFlight idle connections.
func WithHTTPClient(h *http.Client) ClientOption {
	return func(c *Client) {
		if h != nil {
			c.httpClient = h
		}
	}
}

// WithMaxRetries sets how many times a read is retried (default 4; 0: never).
func WithMaxRetries(n int) ClientOption { return func(c *Client) { c.maxRetries = max(n, 0) } }

// WithBackoff sets the first retry's ceiling and the longest wait between
// retries (tests use tiny values). A Retry-After is never cut short by it.
func WithBackoff(base, maxWait time.Duration) ClientOption {
	return func(c *Client) { c.backoffBase, c.backoffMax = max(base, 0), max(maxWait, 0) }
}

// WithMaxInFlight bounds the requests under way at once (default 4, at least 1).
func WithMaxInFlight(n int) ClientOption { return func(c *Client) { c.maxInFlight = max(n, 1) } }

// WithUserAgent sets the User-Agent header.
func WithUserAgent(ua string) ClientOption { return func(c *Client) { c.userAgent = ua } }

// WithTimeout bounds each attempt, answer body included (default 60s; 0: none).
func WithTimeout(d time.Duration) ClientOption { return func(c *Client) { c.timeout = max(d, 0) } }

// WithMaxResponseBytes caps a response body after decompression (default 32 MiB).
func WithMaxResponseBytes(n int64) ClientOption { return func(c *Client) { c.maxBody = max(n, 1) } }

// NewClient returns a client of the service at baseURL (e.g.
// "https://api.tapd.cn"), authenticating with auth (nil: no credentials).
func NewClient(baseURL string, auth Authorizer, opts ...ClientOption) *Client {
	c := &Client{
		baseURL:     strings.TrimRight(strings.TrimSpace(baseURL), "/"),
		userAgent:   DefaultUserAgent,
		maxRetries:  DefaultMaxRetries,
		backoffBase: DefaultBackoffBase,
		backoffMax:  DefaultBackoffMax,
		maxInFlight: DefaultMaxInFlight,
		timeout:     DefaultTimeout,
		stall:       DefaultStallTimeout,
		maxBody:     DefaultMaxResponseBytes,
		now:         time.Now,
		bound:       context.WithTimeout,
		pause:       sleep,
		auth:        auth,
	}
	for _, o := range opts {
		o(c)
	}
	c.sem = make(chan struct{}, c.maxInFlight)
	if c.budget == nil {
		c.budget, _ = NewBudget(0, 0)
	}
	if c.httpClient == nil {
		c.httpClient = &http.Client{Transport: newTransport(c.maxInFlight)}
	}
	return c
}

// BaseURL is the service address, without a trailing slash.
func (c *Client) BaseURL() string { return c.baseURL }

// SetAuth replaces the credentials, for instance after a new login. Requests
// already under way keep the credentials they started with.
func (c *Client) SetAuth(a Authorizer) {
	c.mu.Lock()
	c.auth = a
	c.mu.Unlock()
}

func (c *Client) authorizer() Authorizer {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.auth
}

// call is one operation: a GET with a query or a POST with a form body.
type call struct {
	op     Message
	method string
	path   string
	params url.Values
}

func (cl call) write() bool { return cl.method != http.MethodGet }

// do performs a call: each attempt takes a slot of the budget first; reads
// are retried on transient failures, writes never. A 429's Retry-After holds
// the whole budget, so the retry waits for it whole, as does every other
// request of the account.
func (c *Client) do(ctx context.Context, cl call) (Envelope, error) {
	var failed *Error
	for attempt := 0; ; attempt++ {
		if err := c.budget.take(ctx, cl.op.String(), cl.first(ctx), c.pause, c.notices(ctx)); err != nil {
			return Envelope{}, retryEnd(cl.op, err, failed)
		}
		env, e := c.attempt(ctx, cl)
		if e == nil {
			return env, nil
		}
		if cl.write() || attempt >= c.maxRetries || !retryable(e) {
			return Envelope{}, e
		}
		failed = e
		err := ctx.Err()
		if err == nil && e.RetryAfter == 0 {
			err = c.pause(ctx, c.wait(attempt))
		}
		if err != nil {
			return Envelope{}, retryEnd(cl.op, err, e)
		}
	}
}

// retryEnd is the failure of a call whose wait ended with err: cancelled
// when the caller cancelled; else the failure that needed the retry, if any;
// else the deadline, or the budget that could not be read.
func retryEnd(op Message, err error, failed *Error) *Error {
	switch {
	case failed != nil && !errors.Is(err, context.Canceled):
		return failed
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return contextError(op, err)
	}
	return (&Error{Kind: ErrNetwork, Op: op.String(), opWords: op, Err: err}).saying(Say("the rate budget cannot be read"))
}

// attempt sends a call once and reads its answer.
func (c *Client) attempt(ctx context.Context, cl call) (Envelope, *Error) {
	if err := c.acquire(ctx); err != nil {
		return Envelope{}, contextError(cl.op, err)
	}
	defer c.release()
	actx, cancel := ctx, context.CancelFunc(func() {})
	if c.timeout > 0 {
		actx, cancel = c.bound(ctx, c.timeout)
	}
	defer cancel()
	var watch *stallWatch
	if !cl.write() && c.stall > 0 {
		actx, watch = watchStall(actx, c.stall)
		defer watch.stop()
	}
	var sent sendTrace
	if cl.write() {
		actx = httptrace.WithClientTrace(actx, sent.trace())
	}
	auth := c.authorizer()
	req, err := c.newRequest(actx, cl, auth)
	if err != nil {
		return Envelope{}, (&Error{Kind: ErrValidation, Op: cl.op.String(), opWords: cl.op, Err: err}).saying(Say("the service address is not valid"))
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		return Envelope{}, c.transportError(ctx, cl, watch.cause(err), sent.mayHaveSent())
	}
	watch.progress()
	resp.Body = watch.body(resp.Body)
	body, err := readBody(resp, c.maxBody)
	_ = resp.Body.Close()
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Op, e.opWords, e.HTTPStatus = cl.op.String(), cl.op, resp.StatusCode
			e.maybeApplied = cl.write() && mayHaveApplied(e, true)
			return Envelope{}, e
		}
		return Envelope{}, c.transportError(ctx, cl, watch.cause(err), true)
	}
	env, e := classify(resp.StatusCode, resp.Header, body, c.now(), secretsOf(auth))
	c.learn(resp.Header, e)
	if e != nil {
		e.Op, e.opWords = cl.op.String(), cl.op
		e.maybeApplied = cl.write() && mayHaveApplied(e, true)
		e.refusedAdvice = refusedAdviceOf(auth)
	}
	return env, e
}

func (c *Client) acquire(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case c.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (c *Client) release() { <-c.sem }

func (c *Client) newRequest(ctx context.Context, cl call, auth Authorizer) (*http.Request, error) {
	target := c.baseURL + cl.path
	var body io.Reader
	if cl.write() {
		body = strings.NewReader(cl.params.Encode())
	} else if len(cl.params) > 0 {
		target += "?" + cl.params.Encode()
	}
	req, err := http.NewRequestWithContext(ctx, cl.method, target, body)
	if err != nil {
		return nil, err
	}
	if cl.write() {
		req.Header.Set("Content-Type", ContentTypeForm)
	}
	req.Header.Set("Accept", ContentTypeJSON)
	req.Header.Set("Accept-Encoding", "gzip")
	if c.userAgent != "" {
		req.Header.Set("User-Agent", c.userAgent)
	}
	if auth != nil {
		auth.Authorize(req)
	}
	return req, nil
}

// transportError names a failure to send or to read: the caller's context
// ending, or the network (the attempt's own timeout included). The request
// URL is dropped from the text; it is the same for every attempt.
func (c *Client) transportError(ctx context.Context, cl call, err error, sent bool) *Error {
	var e *Error
	if ctxErr := ctx.Err(); ctxErr != nil {
		e = contextError(cl.op, ctxErr)
	} else {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		e = &Error{Kind: ErrNetwork, Op: cl.op.String(), opWords: cl.op, Err: err}
	}
	e.maybeApplied = cl.write() && mayHaveApplied(e, sent)
	return e
}

// contextError is the failure of a call whose context ended: cancelled, or
// past its deadline (a timeout, shown as a network failure).
func contextError(op Message, err error) *Error {
	if errors.Is(err, context.DeadlineExceeded) {
		return &Error{Kind: ErrNetwork, Op: op.String(), opWords: op, Err: err}
	}
	return &Error{Kind: ErrCanceled, Op: op.String(), opWords: op, Err: err}
}

// readBody reads at most limit bytes of a body, decoding gzip itself: the
// client asks for gzip explicitly, so the transport leaves it compressed.
func readBody(resp *http.Response, limit int64) ([]byte, error) {
	var r io.Reader = resp.Body
	if !resp.Uncompressed && strings.EqualFold(strings.TrimSpace(resp.Header.Get("Content-Encoding")), "gzip") {
		zr, err := gzip.NewReader(resp.Body)
		if errors.Is(err, io.EOF) {
			return nil, nil
		}
		if err != nil {
			return nil, fmt.Errorf("gzip answer: %w", err)
		}
		defer zr.Close()
		r = zr
	}
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if int64(len(data)) > limit {
		return nil, (&Error{Kind: ErrTooLarge}).saying(Say("more than %s", byteSize(limit)))
	}
	return data, err
}

// sendTrace records whether a write left the client, so a failure can tell
// whether it may have been applied. A transport that reports nothing (not an
// http.Transport) counts as having sent.
type sendTrace struct{ started, wrote atomic.Bool }

func (s *sendTrace) trace() *httptrace.ClientTrace {
	return &httptrace.ClientTrace{
		GetConn: func(string) { s.started.Store(true) },
		WroteRequest: func(info httptrace.WroteRequestInfo) {
			if info.Err == nil {
				s.wrote.Store(true)
			}
		},
	}
}

func (s *sendTrace) mayHaveSent() bool { return s.wrote.Load() || !s.started.Load() }

// byteSize writes a size in MiB, KiB or bytes.
func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
