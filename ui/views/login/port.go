// Package login is the login view: browser (OAuth authorization code),
// personal access token, or API account. It talks to the outside through the
// Authenticator port, which ui/cli/open implements over package auth, and emits
// LoggedInMsg on success.
package login

import (
	"context"

	"triage/auth"
)

// OAuthFlow is a started browser login: a loopback listener waiting for the
// redirect. *auth.Flow satisfies it.
type OAuthFlow interface {
	URL() string                   // the address to authorize at, always shown
	OpenBrowser() error            // may fail: the user then opens URL by hand
	Paste(redirected string) error // the address the browser was sent to (SSH)
	Wait(ctx context.Context) (auth.Session, error)
	Close() error // stops the listener; Wait then ends
}

// Authenticator logs in. ui/cli/open implements it over package auth (and the
// credential store); tests use a fake.
type Authenticator interface {
	StartOAuth(ctx context.Context) (OAuthFlow, error)
	LoginToken(ctx context.Context, token string) (auth.Session, error)
	LoginBasic(ctx context.Context, user, password string) (auth.Session, error)
	// Storage says where a login's credential is kept ("the system
	// keyring", or a plain-text file), for the screens to tell.
	Storage() string
}

// LoggedInMsg says a login succeeded.
type LoggedInMsg struct{ Session auth.Session }
