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
	// opWords and infoWords are Op and Info as Messages, when the client
	// wrote them (and they still say the same): they are drawn in the
	// user's language.
	opWords, infoWords Message
	// refusedAdvice, when set, replaces "run `triage login`" as what to do
	// about refused or expired credentials (WithRefusedAdvice).
	refusedAdvice string
}

// Error says what happened and what to do: "op: what happened; what to
// do [request id]". LeadWithAdvice puts what to do first.
func (e *Error) Error() string { return e.TextIn(nil) }

// TextIn is Error in tr's language.
func (e *Error) TextIn(tr Translator) string {
	what, advice := e.describe()
	text := what.In(tr)
	if op := e.opIn(tr); op != "" {
		text = Say("%s: %s", op, text).In(tr)
	}
	if advice.Format != "" {
		text = Say("%s; %s", text, advice).In(tr)
	}
	if e.RequestID != "" {
		text = Say("%s [request %s]", text, e.RequestID).In(tr)
	}
	return text
}

// Advice is what to do about the failure, "" when nothing can be done.
func (e *Error) Advice() string { return e.AdviceIn(nil) }

// AdviceIn is Advice in tr's language.
func (e *Error) AdviceIn(tr Translator) string {
	_, advice := e.describe()
	return advice.In(tr)
}

// opIn is the operation in tr's language: its Message when the client
// named it so, else Op as a word of the catalogue.
func (e *Error) opIn(tr Translator) string {
	if e.opWords.Format != "" && e.opWords.String() == e.Op {
		return e.opWords.In(tr)
	}
	if e.Op == "" {
		return ""
	}
	return word(e.Op, tr)
}

// describe is what happened and what to do, one wording per cause.
func (e *Error) describe() (what, advice Message) {
	switch e.Kind {
	case ErrNetwork:
		if e.timeout() {
			return Say("the service did not answer in time"), Say("check the network and retry")
		}
		return Say("cannot reach the service (%s)", e.cause()), Say("check the network and the service address, then retry")
	case ErrCredentials:
		if e.HTTPStatus == 422 {
			return Say("the access token was refused (%s)", e.status()), e.loginAdvice(Say("run `triage login`"))
		}
		return Say("the credentials were refused (%s)", e.status()), e.loginAdvice(Say("run `triage login`"))
	case ErrTokenExpired:
		return Say("the access token has expired"), e.loginAdvice(Say("run `triage login` to sign in again"))
	case ErrForbidden:
		return Say("access was refused (%s)", e.status()), Say("pick a workspace this account may use, or log in with one that may")
	case ErrNotFound:
		return Say("not found (%s)", e.status()), Say("check the workspace and the service address")
	case ErrValidation:
		if e.HTTPStatus == 0 {
			return Say("invalid request: %s", e.info()), Message{}
		}
		return Say("the service refused the request (%s)", e.status()), Say("correct it and retry")
	case ErrRateLimited:
		if e.RetryAfter > 0 {
			return Say("too many requests (%s)", e.status()), Say("wait %s and retry", e.RetryAfter.Round(time.Second))
		}
		return Say("too many requests (%s)", e.status()), Say("wait a few minutes and retry")
	case ErrServer:
		return Say("the service failed (%s)", e.status()), Say("retry later")
	case ErrNotJSON:
		if e.Excerpt == "" {
			return Say("the service answered HTTP %d with an empty or unreadable body", e.HTTPStatus), Say("check the service address, or retry later")
		}
		return Say("the service answered HTTP %d with something that is not JSON (%q)", e.HTTPStatus, e.Excerpt), Say("check the service address, or retry later")
	case ErrShape:
		return Say("unexpected answer (%s)", e.status()), Say("check that the service address points at the API")
	case ErrTooLarge:
		return Say("the answer is too large (%s)", e.status()), Say("narrow the request")
	case ErrCanceled:
		return Say("cancelled"), Message{}
	}
	return Say("failed (%s)", e.status()), Message{}
}

// loginAdvice is what to do about refused credentials: the advice their
// Authorizer gives, else usual.
func (e *Error) loginAdvice(usual Message) Message {
	if e.refusedAdvice != "" {
		return Message{Format: "%s", Args: []any{e.refusedAdvice}}
	}
	return usual
}

// status is the HTTP status with the message: the service's own, drawn as
// it is, or the client's (infoWords).
func (e *Error) status() any {
	info := e.info()
	switch {
	case e.HTTPStatus != 0 && e.Info != "" && !strings.HasPrefix(e.Info, fmt.Sprint(e.HTTPStatus)):
		return Say("%d: %s", e.HTTPStatus, info)
	case e.Info != "":
		return info
	case e.HTTPStatus != 0:
		return fmt.Sprint(e.HTTPStatus)
	}
	return e.cause()
}

// saying sets Info to the client's own words (not the service's).
func (e *Error) saying(info Message) *Error {
	e.Info, e.infoWords = info.String(), info
	return e
}

// info is Info: the client's Message when it wrote one, else the
// service's words as they are.
func (e *Error) info() any {
	if e.infoWords.Format != "" && e.infoWords.String() == e.Info {
		return e.infoWords
	}
	return e.Info
}

// cause is the underlying error (drawn in the user's language when it is
// Worded), or "no detail".
func (e *Error) cause() any {
	if e.Err == nil {
		return Say("no detail")
	}
	return e.Err
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
