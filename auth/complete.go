package auth

import (
	"context"
	"errors"
	"net/http"

	"triage/api"
)

// complete exchanges the code of a valid answer and looks up who the user is.
func (f *Flow) complete(ctx context.Context, a answer) (Session, error) {
	tok, err := exchangeCode(ctx, f.cfg, f.redirectURI, a.code)
	if err != nil {
		return Session{}, err
	}
	s := oauthSession(f.cfg.BaseURL, tok, a.resource)
	return fillUser(ctx, s, f.cfg.HTTPClient)
}

// fillUser sets the nick and name of a fresh OAuth session from /users/info,
// which is read as every read is (through a 429). A service that cannot say
// leaves the session without a nick: the login still holds a good token.
// Only a token the service refuses outright, or a cancelled context, fails
// the login.
func fillUser(ctx context.Context, s Session, httpClient *http.Client) (Session, error) {
	checked, err := Check(ctx, s, httpClient)
	switch {
	case err == nil:
		return checked, nil
	case errors.Is(err, ErrRefused), errors.Is(err, ErrExpired):
		return Session{}, api.Errorf("the service refused the token it just issued; run the login again: %w", err)
	case errors.Is(err, ErrUnchecked):
		return s, nil
	}
	if ctxErr := ctx.Err(); ctxErr != nil {
		return Session{}, stopped(ctxErr)
	}
	return Session{}, err
}
