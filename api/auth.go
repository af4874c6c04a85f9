package api

import (
	"fmt"
	"net/http"
)

// Authorizer sets credentials on a request.
type Authorizer interface{ Authorize(r *http.Request) }

// redacted stands in for a secret wherever a credential is formatted.
const redacted = "[redacted]"

// BasicAuth is an API account: Authorization: Basic base64(user:password),
// with neither part URL-encoded. It formats without its password.
type BasicAuth struct{ User, Password string }

// Authorize sets the Basic header.
func (a BasicAuth) Authorize(r *http.Request) { r.SetBasicAuth(a.User, a.Password) }

// String names the account and hides the password.
func (a BasicAuth) String() string { return fmt.Sprintf("basic(%s:%s)", a.User, redacted) }

// GoString hides the password.
func (a BasicAuth) GoString() string {
	return fmt.Sprintf("api.BasicAuth{User:%q, Password:%q}", a.User, redacted)
}

// Format hides the password under every verb.
func (a BasicAuth) Format(f fmt.State, verb rune) { formatRedacted(f, verb, a.String(), a.GoString()) }

func (a BasicAuth) secrets() []string { return []string{a.Password} }

// BearerToken is an OAuth user token or a personal access token:
// Authorization: Bearer <token>. It formats without the token.
type BearerToken string

// Authorize sets the Bearer header.
func (t BearerToken) Authorize(r *http.Request) { r.Header.Set("Authorization", "Bearer "+string(t)) }

// String hides the token.
func (t BearerToken) String() string { return "bearer(" + redacted + ")" }

// GoString hides the token.
func (t BearerToken) GoString() string { return "api.BearerToken(" + redacted + ")" }

// Format hides the token under every verb.
func (t BearerToken) Format(f fmt.State, verb rune) {
	formatRedacted(f, verb, t.String(), t.GoString())
}

func (t BearerToken) secrets() []string { return []string{string(t)} }

func formatRedacted(f fmt.State, verb rune, s, gs string) {
	if verb == 'v' && f.Flag('#') {
		s = gs
	}
	if verb == 'q' {
		s = fmt.Sprintf("%q", s)
	}
	_, _ = f.Write([]byte(s))
}

// secretHolder is implemented by the package's Authorizers so that error text
// can be scrubbed of their secrets.
type secretHolder interface{ secrets() []string }

// secretsOf returns the secrets an Authorizer carries, when it tells them.
func secretsOf(a Authorizer) []string {
	if h, ok := a.(secretHolder); ok {
		return h.secrets()
	}
	return nil
}

// WithRefusedAdvice is a whose refusal by the service says advice instead of
// "run `triage login`": for a credential a login does not replace, such as
// one set in the environment. The advice must hold no secret.
func WithRefusedAdvice(a Authorizer, advice string) Authorizer {
	return advisedAuthorizer{auth: a, advice: advice}
}

// advisedAuthorizer is an Authorizer with the advice its refusal gives; it
// formats as the Authorizer it holds, without its secret.
type advisedAuthorizer struct {
	auth   Authorizer
	advice string
}

func (a advisedAuthorizer) Authorize(r *http.Request) { a.auth.Authorize(r) }
func (a advisedAuthorizer) String() string            { return fmt.Sprint(a.auth) }
func (a advisedAuthorizer) GoString() string          { return fmt.Sprintf("%#v", a.auth) }
func (a advisedAuthorizer) Format(f fmt.State, verb rune) {
	_, _ = fmt.Fprintf(f, fmt.FormatString(f, verb), a.auth)
}
func (a advisedAuthorizer) secrets() []string { return secretsOf(a.auth) }

// refusedAdviceOf is the advice an Authorizer's refusal gives, "" for the
// usual one.
func refusedAdviceOf(a Authorizer) string {
	if r, ok := a.(advisedAuthorizer); ok {
		return r.advice
	}
	return ""
}
