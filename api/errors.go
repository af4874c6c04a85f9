package api

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrorKind tells what went wrong with a call, so callers can react (log in
// again, wait, pick another workspace) without reading messages.
type ErrorKind int

// The kinds of failure of a call.
const (
	ErrNetwork      ErrorKind = iota + 1 // connection refused/reset, DNS, timeout
	ErrCredentials                       // 401, or 422 whose info is about the access token being invalid
	ErrTokenExpired                      // 422 "The access token provided has expired"
	ErrForbidden                         // 403
	ErrNotFound                          // 404
	ErrValidation                        // other 422 (or a request refused before sending): Info holds the message
	ErrRateLimited                       // 429: RetryAfter
	ErrServer                            // 5xx
	ErrNotJSON                           // body not JSON (HTML page, proxy error): HTTPStatus + Excerpt
	ErrShape                             // JSON but data not of the expected shape
	ErrTooLarge                          // response body beyond the client's cap
	ErrCanceled                          // the caller's context was cancelled
)

// String is a short lower-case name of the kind.
func (k ErrorKind) String() string {
	switch k {
	case ErrNetwork:
		return "network"
	case ErrCredentials:
		return "credentials"
	case ErrTokenExpired:
		return "token expired"
	case ErrForbidden:
		return "forbidden"
	case ErrNotFound:
		return "not found"
	case ErrValidation:
		return "validation"
	case ErrRateLimited:
		return "rate limited"
	case ErrServer:
		return "server"
	case ErrNotJSON:
		return "not json"
	case ErrShape:
		return "shape"
	case ErrTooLarge:
		return "too large"
	case ErrCanceled:
		return "canceled"
	}
	return fmt.Sprintf("errorkind(%d)", int(k))
}

// Error is the failure of one call. Its text says what happened and what to
// do; it never holds a secret, a request header or the body of a test-auth answer.
type Error struct {
	Kind       ErrorKind
	Op         string // e.g. "list stories", "update bug 1234"
	HTTPStatus int
	Info       string // service message (never a secret)
	RequestID  string
	RetryAfter time.Duration
	Excerpt    string // short excerpt of a non-JSON body
	Err        error  // underlying

	// maybeApplied records that the call was a write that may have reached
	// the service before it failed.
	maybeApplied bool
	// refusedAdvice, when set, replaces "run `triage login`" as what to do
	// about refused or expired credentials (WithRefusedAdvice).
	refusedAdvice string
}

// Error says what happened and what to do: "op: what happened; what to
// do [request id]". LeadWithAdvice puts what to do first.
func (e *Error) Error() string {
	var b strings.Builder
	if e.Op != "" {
		b.WriteString(e.Op)
		b.WriteString(": ")
	}
	what, advice := e.describe()
	b.WriteString(what)
	if advice != "" {
		b.WriteString("; ")
		b.WriteString(advice)
	}
	if e.RequestID != "" {
		fmt.Fprintf(&b, " [request %s]", e.RequestID)
	}
	return b.String()
}

// Advice is what to do about the failure, "" when nothing can be done.
func (e *Error) Advice() string {
	_, advice := e.describe()
	return advice
}

// describe is what happened and what to do, one wording per cause.
func (e *Error) describe() (what, advice string) {
	switch e.Kind {
	case ErrNetwork:
		if e.timeout() {
			return "the service did not answer in time", "check the network and retry"
		}
		return fmt.Sprintf("cannot reach the service (%s)", e.cause()), "check the network and the service address, then retry"
	case ErrCredentials:
		if e.HTTPStatus == 422 {
			return fmt.Sprintf("the access token was refused (%s)", e.status()), e.loginAdvice("run `triage login`")
		}
		return fmt.Sprintf("the credentials were refused (%s)", e.status()), e.loginAdvice("run `triage login`")
	case ErrTokenExpired:
		return "the access token has expired", e.loginAdvice("run `triage login` to sign in again")
	case ErrForbidden:
		return fmt.Sprintf("access was refused (%s)", e.status()), "pick a workspace this account may use, or log in with one that may"
	case ErrNotFound:
		return fmt.Sprintf("not found (%s)", e.status()), "check the workspace and the service address"
	case ErrValidation:
		if e.HTTPStatus == 0 {
			return fmt.Sprintf("invalid request: %s", e.Info), ""
		}
		return fmt.Sprintf("the service refused the request (%s)", e.status()), "correct it and retry"
	case ErrRateLimited:
		if e.RetryAfter > 0 {
			return fmt.Sprintf("too many requests (%s)", e.status()), fmt.Sprintf("wait %s and retry", e.RetryAfter.Round(time.Second))
		}
		return fmt.Sprintf("too many requests (%s)", e.status()), "wait a few minutes and retry"
	case ErrServer:
		return fmt.Sprintf("the service failed (%s)", e.status()), "retry later"
	case ErrNotJSON:
		if e.Excerpt == "" {
			return fmt.Sprintf("the service answered HTTP %d with an empty or unreadable body", e.HTTPStatus), "check the service address, or retry later"
		}
		return fmt.Sprintf("the service answered HTTP %d with something that is not JSON (%q)", e.HTTPStatus, e.Excerpt), "check the service address, or retry later"
	case ErrShape:
		return fmt.Sprintf("unexpected answer (%s)", e.Info), "check that the service address points at the API"
	case ErrTooLarge:
		return fmt.Sprintf("the answer is too large (%s)", e.Info), "narrow the request"
	case ErrCanceled:
		return "cancelled", ""
	}
	return fmt.Sprintf("failed (%s)", e.status()), ""
}

// loginAdvice is what to do about refused credentials: the advice their
// Authorizer gives, else usual.
func (e *Error) loginAdvice(usual string) string {
	if e.refusedAdvice != "" {
		return e.refusedAdvice
	}
	return usual
}

// status is the HTTP status with the service's message.
func (e *Error) status() string {
	switch {
	case e.HTTPStatus != 0 && e.Info != "" && !strings.HasPrefix(e.Info, fmt.Sprint(e.HTTPStatus)):
		return fmt.Sprintf("%d: %s", e.HTTPStatus, e.Info)
	case e.Info != "":
		return e.Info
	case e.HTTPStatus != 0:
		return fmt.Sprint(e.HTTPStatus)
	}
	return e.cause()
}

func (e *Error) cause() string {
	if e.Err == nil {
		return "no detail"
	}
	return e.Err.Error()
}

func (e *Error) timeout() bool {
	var t interface{ Timeout() bool }
	return errors.As(e.Err, &t) && t.Timeout()
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }

// KindOf returns the kind of an *Error in err's chain, or 0.
func KindOf(err error) ErrorKind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}

// MaybeApplied reports whether a failed write may nonetheless have been applied
// by the service (timeout after sending, 5xx, connection reset after writing,
// an answer that could not be read): the caller reads the item before retrying.
func MaybeApplied(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.maybeApplied
}

// mayHaveApplied decides, for a write, whether a failure of this kind after
// the request may have been sent leaves the write possibly applied.
func mayHaveApplied(e *Error, sent bool) bool {
	if !sent {
		return false
	}
	switch {
	case e.Kind == ErrNetwork || e.Kind == ErrCanceled:
		return true
	case e.HTTPStatus >= 500:
		return true
	case e.HTTPStatus >= 200 && e.HTTPStatus < 300:
		return e.Kind == ErrShape || e.Kind == ErrTooLarge || e.Kind == ErrNotJSON
	}
	return false
}
