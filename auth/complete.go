package auth

import (
	"context"
	"fmt"
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
	if err := fillUser(ctx, &s, f.cfg.HTTPClient); err != nil {
		return Session{}, err
	}
	return s, nil
}

// fillUser sets the nick and name of a fresh OAuth session from /users/info.
// It is best effort: a token whose scope does not reach /users/info, or a
// service that fails to answer, leaves the session without a nick. Only a
// token the service refuses outright, or a cancelled context, fails the login.
func fillUser(ctx context.Context, s *Session, httpClient *http.Client) error {
	u, err := newClient(*s, httpClient).UserInfo(ctx)
	switch api.KindOf(err) {
	case 0:
		if err != nil {
			return scrubError(fmt.Errorf("looking up the user of the new token: %w", err), s.Token)
		}
		s.Nick, s.UserName = string(u.Nick), string(u.Name)
		return nil
	case api.ErrCredentials, api.ErrTokenExpired:
		return scrubError(fmt.Errorf("the service refused the token it just issued; run the login again: %w", err), s.Token)
	case api.ErrCanceled:
		if ctxErr := ctx.Err(); ctxErr != nil {
			return stopped(ctxErr)
		}
		return nil
	default:
		return nil
	}
}
