package login

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"triage/api"
	"triage/auth"
	"triage/ui/internal/uitest"
)

const authURL = "http://127.0.0.1:8080/oauth/?response_type=code&client_id=triage-cli&redirect_uri=http%3A%2F%2F127.0.0.1%3A53682%2Fcallback&scope=story%23read+story%23write+bug%23read+bug%23write+task%23read+task%23write&state=5f2b8c0e91d4a7b3&auth_by=user"

var (
	errNoDisplay   = errors.New("could not open a browser; open the address by hand: no display")
	errNotRedirect = errors.New("the pasted address has no code: copy the whole address from the browser's address bar")
	errRefused     = &api.Error{Kind: api.ErrCredentials, Op: "check token", HTTPStatus: 422, Info: "The access token provided is invalid"}
)

// fakeFlow is a browser login: Paste with a code answers Wait; Close ends it.
type fakeFlow struct {
	openErr error
	answer  chan auth.Session
	done    chan struct{}
	once    sync.Once
	closed  atomic.Bool
	opened  atomic.Int32
}

func newFlow(openErr error) *fakeFlow {
	return &fakeFlow{openErr: openErr, answer: make(chan auth.Session, 1), done: make(chan struct{})}
}

func (f *fakeFlow) URL() string { return authURL }

func (f *fakeFlow) OpenBrowser() error {
	f.opened.Add(1)
	return f.openErr
}

func (f *fakeFlow) Paste(s string) error {
	if !strings.Contains(s, "code=") {
		return errNotRedirect
	}
	f.answer <- session(auth.MethodOAuth)
	return nil
}

func (f *fakeFlow) Wait(ctx context.Context) (auth.Session, error) {
	select {
	case s := <-f.answer:
		return s, nil
	case <-f.done:
		return auth.Session{}, auth.ErrCancelled
	case <-ctx.Done():
		return auth.Session{}, auth.ErrCancelled
	}
}

func (f *fakeFlow) Close() error {
	f.closed.Store(true)
	f.once.Do(func() { close(f.done) })
	return nil
}

func session(m auth.Method) auth.Session {
	return auth.Session{Service: "http://127.0.0.1:8080", Method: m, Token: "t0ken", Nick: "anyechen",
		ExpiresAt: uitest.Clock.Add(7200e9)}
}

// fakeAuth accepts the token "good" and the account demo/secret.
type fakeAuth struct {
	flow     *fakeFlow
	startErr error
	storage  string // where credentials are kept; "": the system keyring
	mu       sync.Mutex
	tokens   []string
}

func (a *fakeAuth) StartOAuth(ctx context.Context) (OAuthFlow, error) {
	if a.startErr != nil {
		return nil, a.startErr
	}
	return a.flow, nil
}

func (a *fakeAuth) Storage() string {
	if a.storage == "" {
		return "the system keyring"
	}
	return a.storage
}

func (a *fakeAuth) LoginToken(ctx context.Context, token string) (auth.Session, error) {
	a.mu.Lock()
	a.tokens = append(a.tokens, token)
	a.mu.Unlock()
	if token != "good" {
		return auth.Session{}, errRefused
	}
	return session(auth.MethodToken), nil
}

func (a *fakeAuth) LoginBasic(ctx context.Context, user, password string) (auth.Session, error) {
	if user != "demo" || password != "secret" {
		return auth.Session{}, &api.Error{Kind: api.ErrCredentials, Op: "testauth", HTTPStatus: 401, Info: "401 Unauthorized"}
	}
	s := session(auth.MethodBasic)
	s.ExpiresAt = time.Time{}
	return s, nil
}
