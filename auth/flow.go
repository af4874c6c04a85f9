package auth

import (
	"context"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"triage/api"
)

// shutdownGrace bounds how long closing the listener waits for the page
// under way to reach the browser.
const shutdownGrace = 2 * time.Second

// Flow is a started authorization: a loopback listener on 127.0.0.1 waiting
// for the service to redirect the browser to it, or for the user to paste
// the redirected address. The first valid answer wins and closes the port;
// so do the deadline (OAuthConfig.Timeout), the cancellation of the context
// given to StartOAuth, and Close.
type Flow struct {
	cfg         OAuthConfig
	expect      callbackExpect
	redirectURI string
	authURL     string
	ln          net.Listener
	srv         *http.Server
	served      chan struct{} // closed when the server stopped serving

	answerOnce sync.Once
	answered   chan struct{} // closed once ans is set
	ans        answer

	settleOnce sync.Once
	settled    chan struct{} // closed once the login's outcome is known
	settledErr error

	waitOnce sync.Once
	session  Session
	waitErr  error
}

// StartOAuth opens the loopback listener and prepares the authorization URL.
// It does not open the browser (see Flow.OpenBrowser). ctx bounds the whole
// login: cancelling it stops the listener.
func StartOAuth(ctx context.Context, cfg OAuthConfig) (*Flow, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, stopped(err)
	}
	state, err := newState()
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(cfg.RedirectPort)))
	if err != nil {
		return nil, api.Errorf("cannot listen for the login redirect on 127.0.0.1 port %d (busy? set another redirect_port): %w", cfg.RedirectPort, err)
	}
	host := ln.Addr().String()
	f := &Flow{
		cfg:         cfg,
		expect:      callbackExpect{state: state, path: cfg.CallbackPath, host: host},
		redirectURI: "http://" + host + cfg.CallbackPath,
		ln:          ln,
		served:      make(chan struct{}),
		answered:    make(chan struct{}),
		settled:     make(chan struct{}),
	}
	f.authURL = authorizationURL(cfg.AuthURL, authorizationParams{
		ClientID:    cfg.ClientID,
		RedirectURI: f.redirectURI,
		Scope:       cfg.Scopes,
		State:       state,
	})
	f.srv = &http.Server{
		Handler:           callbackHandler{f},
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		IdleTimeout:       30 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          log.New(io.Discard, "", 0),
	}
	f.srv.SetKeepAlivesEnabled(false)
	go func() {
		defer close(f.served)
		_ = f.srv.Serve(ln)
	}()
	go f.watch(ctx)
	return f, nil
}

// URL is the authorization URL, to show to the user whether or not a browser
// opens.
func (f *Flow) URL() string { return f.authURL }

// RedirectURI is the loopback address the service redirects to.
func (f *Flow) RedirectURI() string { return f.redirectURI }

// OpenBrowser opens the authorization URL with the configured opener. On
// failure the user opens URL by hand.
func (f *Flow) OpenBrowser() error {
	if err := f.cfg.OpenBrowser(f.authURL); err != nil {
		return api.Errorf("could not open a browser; open the address by hand: %w", err)
	}
	return nil
}

// Paste takes the redirected address the user copied from the browser (when
// the browser runs elsewhere, e.g. over SSH): the full address, or only its
// query string. It is judged exactly like a redirect reaching the listener.
// A nil error means the answer was taken and Wait reports the outcome; an
// error means it was refused and the flow keeps waiting.
func (f *Flow) Paste(redirected string) error {
	a, err := f.expect.judgePaste(redirected)
	if err != nil {
		return err
	}
	if !f.deliver(a) {
		return api.Errorf("this login already has its answer")
	}
	return nil
}

// Wait waits for the answer (listener or Paste), exchanges the code and
// returns the session. Cancelling ctx ends the flow. Calling Wait again
// returns the same result.
func (f *Flow) Wait(ctx context.Context) (Session, error) {
	f.waitOnce.Do(func() { f.session, f.waitErr = f.wait(ctx) })
	return f.session, f.waitErr
}

// Close stops the listener and ends the flow if it has no answer yet. An
// exchange under way in Wait is bounded by Wait's context.
func (f *Flow) Close() error {
	f.deliver(answer{err: ErrCancelled})
	f.settle(ErrCancelled)
	f.shutdown()
	return nil
}

func (f *Flow) wait(ctx context.Context) (Session, error) {
	select {
	case <-f.answered:
	case <-ctx.Done():
		f.deliver(answer{err: stopped(ctx.Err())})
	}
	<-f.answered
	a := f.ans
	var s Session
	err := a.err
	if err == nil {
		s, err = f.complete(ctx, a)
	}
	f.settle(err)
	f.shutdown()
	return s, err
}

// watch ends the flow at the deadline or when ctx is cancelled.
func (f *Flow) watch(ctx context.Context) {
	select {
	case <-f.answered:
	case <-f.cfg.After(f.cfg.Timeout):
		f.deliver(answer{err: api.Errorf("%w (waited %s)", ErrTimeout, f.cfg.Timeout)})
	case <-ctx.Done():
		f.deliver(answer{err: stopped(ctx.Err())})
	}
}

// deliver records the flow's answer and closes the port, unless an answer
// came first. It reports whether a was taken.
func (f *Flow) deliver(a answer) bool {
	taken := false
	f.answerOnce.Do(func() {
		f.ans = a
		_ = f.ln.Close()
		close(f.answered)
		taken = true
	})
	return taken
}

// settle records the login's outcome for the page the browser waits for.
func (f *Flow) settle(err error) {
	f.settleOnce.Do(func() {
		f.settledErr = err
		close(f.settled)
	})
}

// shutdown lets the page under way finish, then stops the server.
func (f *Flow) shutdown() {
	ctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := f.srv.Shutdown(ctx); err != nil {
		_ = f.srv.Close()
	}
	<-f.served
}

// stopped turns a context's end into the login's error.
func stopped(err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return api.Errorf("%w (%w)", ErrTimeout, err)
	}
	return api.Errorf("%w (%w)", ErrCancelled, err)
}
