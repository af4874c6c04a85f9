package auth

import (
	"strings"

	"triage/api"
	"triage/store"
)

// ToCredential is the session as the credential store keeps it (under the
// service's key, Session.Service). ClockSkew is not kept.
func ToCredential(s Session) store.Credential {
	return store.Credential{
		Method:      string(s.Method),
		Token:       s.Token,
		APIUser:     s.APIUser,
		APIPassword: s.APIPassword,
		Scope:       s.Scope,
		WorkspaceID: s.WorkspaceID,
		ExpiresAt:   s.ExpiresAt,
		Lifetime:    s.Lifetime,
		Nick:        s.Nick,
		UserName:    s.UserName,
	}
}

// FromCredential is the session of a stored credential of the service at
// baseURL. A credential that cannot sign in (unknown method, missing token or
// password) is refused, so the caller asks for a new login.
func FromCredential(baseURL string, c store.Credential) (Session, error) {
	s := Session{
		Service:     strings.TrimRight(baseURL, "/"),
		Method:      Method(c.Method),
		Token:       c.Token,
		APIUser:     c.APIUser,
		APIPassword: c.APIPassword,
		Scope:       c.Scope,
		WorkspaceID: c.WorkspaceID,
		ExpiresAt:   c.ExpiresAt,
		Lifetime:    c.Lifetime,
		Nick:        c.Nick,
		UserName:    c.UserName,
	}
	switch s.Method {
	case MethodOAuth, MethodToken:
		if s.Token == "" {
			return Session{}, api.Errorf("the stored %s credential has no token; log in again", s.Method)
		}
	case MethodBasic:
		if s.APIUser == "" || s.APIPassword == "" {
			return Session{}, api.Errorf("the stored basic credential lacks the account or password; log in again")
		}
	default:
		return Session{}, api.Errorf("the stored credential has an unknown method %q; log in again", clip(c.Method, 20))
	}
	return s, nil
}

// clip shortens text shown in a message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
