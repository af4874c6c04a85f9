package auth

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"triage/api"
)

// Method is how a session was obtained.
type Method string

// The ways to log in.
const (
	MethodOAuth Method = "oauth" // user-mode token from the authorization code flow
	MethodToken Method = "token" // personal access token
	MethodBasic Method = "basic" // API account and password
)

// MaxExpiryMargin is the longest time before its end that a token is
// already treated as expired, so that a request sent just before the end
// does not arrive after it. A short-lived token gets a tenth of its life
// instead (see Session.Margin), so the margin never eats it whole.
const MaxExpiryMargin = 30 * time.Second

// Session is a logged-in identity on one service.
type Session struct {
	Service     string // base URL of the service
	Method      Method
	Token       string // oauth or personal token
	APIUser     string
	APIPassword string
	Scope       string        // oauth: granted scopes, space-separated
	WorkspaceID int64         // oauth: granted workspace
	ExpiresAt   time.Time     // zero: no expiry (personal token, basic)
	Lifetime    time.Duration // oauth: expires_in as issued; 0: unknown
	Nick        string
	UserName    string
	// ClockSkew is the local clock minus the service's clock when the token
	// was issued (oauth, when the service sent its time); informational.
	ClockSkew time.Duration
	// RefusedAdvice, when set, is what to do when the service refuses the
	// credential, in place of logging in again: for one set in the
	// environment, which a login does not replace. Never stored.
	RefusedAdvice string
}

// Margin is how long before ExpiresAt the session is treated as expired: a
// tenth of the token's lifetime, at most MaxExpiryMargin (all of it when
// the lifetime is unknown, as for a credential stored before it was kept).
func (s Session) Margin() time.Duration {
	if s.Lifetime <= 0 {
		return MaxExpiryMargin
	}
	return min(s.Lifetime/10, MaxExpiryMargin)
}

// Account names the account the service counts this session's requests
// against, for its rate budget: the API account, else the person, else only
// the way of logging in (a token whose person is not known yet).
func (s Session) Account() string {
	switch {
	case s.Method == MethodBasic && s.APIUser != "":
		return "api:" + s.APIUser
	case s.Nick != "":
		return "user:" + s.Nick
	}
	return "method:" + string(s.Method)
}

// Expired reports whether the session must not be used any more at now: its
// expiry, less its Margin, has come. A session without expiry never expires.
func (s Session) Expired(now time.Time) bool {
	if s.ExpiresAt.IsZero() {
		return false
	}
	return !now.Before(s.ExpiresAt.Add(-s.Margin()))
}

// Remaining is how long the session stays usable after now (until Expired
// turns true), never negative. A session without expiry has an unbounded
// remaining time (the largest Duration).
func (s Session) Remaining(now time.Time) time.Duration {
	if s.ExpiresAt.IsZero() {
		return time.Duration(math.MaxInt64)
	}
	left := s.ExpiresAt.Add(-s.Margin()).Sub(now)
	if left < 0 {
		return 0
	}
	return left
}

// String describes the session without its secrets.
func (s Session) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "session(%s", s.Method)
	if s.Service != "" {
		fmt.Fprintf(&b, " at %s", s.Service)
	}
	switch {
	case s.Nick != "":
		fmt.Fprintf(&b, ", user %s", s.Nick)
	case s.APIUser != "":
		fmt.Fprintf(&b, ", api user %s", s.APIUser)
	}
	if s.WorkspaceID != 0 {
		fmt.Fprintf(&b, ", workspace %d", s.WorkspaceID)
	}
	if s.Scope != "" {
		fmt.Fprintf(&b, ", scope %q", s.Scope)
	}
	if !s.ExpiresAt.IsZero() {
		fmt.Fprintf(&b, ", expires %s", s.ExpiresAt.Format(time.RFC3339))
	}
	if s.Token != "" || s.APIPassword != "" {
		b.WriteString(", secret " + redactedText)
	}
	b.WriteString(")")
	return b.String()
}

// GoString describes the session without its secrets, for %#v.
func (s Session) GoString() string { return "auth." + s.String() }

// Format makes every fmt verb (%d and %x included, which would otherwise
// print the fields) show the redacted description.
func (s Session) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		_, _ = io.WriteString(f, s.GoString())
		return
	}
	_, _ = io.WriteString(f, s.String())
}

// tokenExpiry works out when a token issued now ends, on the local clock.
//
// The service says how long the token lives (expiresIn) and what its clock
// read when it issued it (serverNow). On the service's clock the token ends
// at serverNow+expiresIn; the local clock differs from it by
// skew = localNow−serverNow, so on the local clock it ends at
// serverNow+expiresIn+skew = localNow+expiresIn. The local clock is the one
// later compared with, so the expiry is kept on it: a local clock hours off
// neither cuts the session short nor keeps a dead token, where adding
// expiresIn to serverNow and comparing with the local clock would do both.
// The service's clock only tells the skew, which is reported. When serverNow
// is missing or unreadable the skew is unknown and the result is the same.
//
// localNow is read just before the request was sent: the token cannot have
// been issued earlier, so the expiry errs on the early side by the round trip.
func tokenExpiry(localNow time.Time, serverNow string, expiresIn time.Duration) (expiresAt time.Time, skew time.Duration) {
	expiresAt = localNow.Add(expiresIn)
	if serverNow == "" {
		return expiresAt, 0
	}
	server, err := api.ParseTime(serverNow)
	if err != nil {
		return expiresAt, 0
	}
	return expiresAt, localNow.Sub(server).Round(time.Second)
}
