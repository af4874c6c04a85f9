package auth

import (
	"strings"

	"triage/api"
)

// Outcomes of an OAuth login that a caller may want to tell apart.
var (
	// ErrDenied means the user refused the authorization (Deny on the
	// service's page, error=access_denied).
	ErrDenied = api.Errorf("you refused the authorization on the service's page; run the login again to allow it")
	// ErrTimeout means no answer came from the browser before the deadline.
	ErrTimeout = api.Errorf("no answer came from the browser in time; run the login again")
	// ErrCancelled means the login was stopped (context cancelled or Flow.Close).
	ErrCancelled = api.Errorf("the login was cancelled")
	// ErrCodeExpired means the service found the authorization code too old.
	ErrCodeExpired = api.Errorf("the authorization code expired; run the login again")
	// ErrCodeRejected means the service does not know the code (or it was used already).
	ErrCodeRejected = api.Errorf("the authorization code was refused (unknown or already used); run the login again")
	// ErrClientRejected means the service refused the client id or secret.
	ErrClientRejected = api.Errorf("the client id or secret was refused; set the OAuth application's client id (client_id in the config, or TRIAGE_CLIENT_ID) and its secret (TRIAGE_CLIENT_SECRET)")
	// ErrRedirectRejected means the service refused the redirect address.
	ErrRedirectRejected = api.Errorf("the service refused the redirect address; register it for the client or set redirect_port in the config")
	// ErrNoBrowser means no browser could be started here; the user opens the URL by hand.
	ErrNoBrowser = api.Errorf("no browser can be opened here (no display); open the address by hand")
)

// redactedText replaces a secret found in a message.
const redactedText = "[redacted]"

// scrub removes every non-empty secret from msg. It is the last guard on
// messages built from what the service or the network said.
func scrub(msg string, secrets ...string) string {
	for _, s := range secrets {
		if s != "" {
			msg = strings.ReplaceAll(msg, s, redactedText)
		}
	}
	return msg
}

// scrubbedError is an error whose message had secrets removed; it still
// unwraps to the original so errors.Is and errors.As work.
type scrubbedError struct {
	msg string
	err error
}

func (e *scrubbedError) Error() string { return e.msg }
func (e *scrubbedError) Unwrap() error { return e.err }

// scrubError returns err with every secret removed from its message, or err
// itself when its message holds none.
func scrubError(err error, secrets ...string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	clean := scrub(msg, secrets...)
	if clean == msg {
		return err
	}
	return &scrubbedError{msg: clean, err: err}
}
