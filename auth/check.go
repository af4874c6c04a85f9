package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"triage/api"
)

// The outcomes of a check of a credential that did not confirm it; a
// CheckError is one of them under errors.Is.
var (
	// ErrRefused means the service refused the credential: wrong, revoked,
	// or not of this service.
	ErrRefused = errors.New("refused")
	// ErrExpired means the service said the token has expired.
	ErrExpired = errors.New("expired")
	// ErrUnchecked means the service could not say: it could not be
	// reached, failed, kept answering 429, or answered something else than
	// the record asked for. The credential may be good.
	ErrUnchecked = errors.New("could not be checked")
)

// CheckError is why a check did not confirm a credential. Its text says what
// happened, never what to run next: the caller knows whether the user is
// logging in or asking for the status.
type CheckError struct {
	Outcome error  // ErrRefused, ErrExpired or ErrUnchecked
	What    string // "the personal access token", "the API account", …
	Err     error  // the failed call
}

// Error says what happened to the credential.
func (e *CheckError) Error() string { return e.words().String() }

// TextIn is Error in tr's language.
func (e *CheckError) TextIn(tr api.Translator) string { return e.words().In(tr) }

func (e *CheckError) words() api.Message {
	what := api.Message{Format: e.What} // a CredentialName
	switch e.Outcome {
	case ErrRefused:
		return api.Say("the service refused %s (%s)", what, serviceSaid(e.Err))
	case ErrExpired:
		return api.Say("%s has expired (%s)", what, serviceSaid(e.Err))
	}
	return api.Say("%s could not be checked: %v", what, e.Err)
}

// Is reports the outcome, so errors.Is(err, ErrRefused) reads as it says.
func (e *CheckError) Is(target error) bool { return target == e.Outcome }

// Unwrap returns the failed call's error.
func (e *CheckError) Unwrap() error { return e.Err }

// serviceSaid is the HTTP status and the service's message of a failed call.
func serviceSaid(err error) string {
	var e *api.Error
	if !errors.As(err, &e) {
		return err.Error()
	}
	switch {
	case e.HTTPStatus != 0 && e.Info != "" && !strings.HasPrefix(e.Info, fmt.Sprint(e.HTTPStatus)):
		return fmt.Sprintf("%d: %s", e.HTTPStatus, e.Info)
	case e.Info != "":
		return e.Info
	}
	return fmt.Sprintf("HTTP %d", e.HTTPStatus)
}

// CredentialName is how the credential of a login method is named in messages.
func CredentialName(m Method) string {
	switch m {
	case MethodOAuth:
		return "the browser login's token"
	case MethodBasic:
		return "the API account"
	}
	return "the personal access token"
}

// Check asks the service whether a session's credential is good and who it
// is: /users/info for a token (its nick and name are set on the session
// returned), /quickstart/testauth for an API account. Reads are retried
// through 429 and transient failures as every read is; opts give the
// account's rate budget and who hears of a wait, so that a check is one of
// the account's requests and its wait is told. A credential the service does
// not confirm gives a *CheckError; a cancelled ctx, ctx's error. Errors never
// hold the secret.
func Check(ctx context.Context, s Session, httpClient *http.Client, opts ...api.ClientOption) (Session, error) {
	var err error
	if s.Method == MethodBasic {
		var rec api.TestAuthRecord
		rec, err = newClient(s, httpClient, opts...).TestAuth(ctx)
		if err == nil && rec.APIUser != "" && rec.APIUser != s.APIUser {
			return Session{}, fmt.Errorf("the service checked another API account (%q) than the one given", rec.APIUser)
		}
	} else {
		var u api.User
		u, err = newClient(s, httpClient, opts...).UserInfo(ctx)
		if err == nil {
			s.Nick, s.UserName = string(u.Nick), string(u.Name)
		}
	}
	if err == nil {
		return s, nil
	}
	if ctxErr := ctx.Err(); ctxErr != nil && api.KindOf(err) == api.ErrCanceled {
		return Session{}, ctxErr
	}
	outcome := ErrUnchecked
	switch api.KindOf(err) {
	case api.ErrCredentials:
		outcome = ErrRefused
	case api.ErrTokenExpired:
		outcome = ErrExpired
	}
	return Session{}, scrubError(&CheckError{Outcome: outcome, What: CredentialName(s.Method), Err: err}, s.Token, s.APIPassword)
}
