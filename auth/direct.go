package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"triage/api"
)

// Authorizer is what the API client presents: the token as Bearer (oauth,
// personal token) or the account as Basic.
func (s Session) Authorizer() api.Authorizer {
	if s.Method == MethodBasic {
		return api.BasicAuth{User: s.APIUser, Password: s.APIPassword}
	}
	return api.BearerToken(s.Token)
}

// LoginToken checks a personal access token with /users/info and returns its
// session (no expiry; the nick and name of its owner).
func LoginToken(ctx context.Context, baseURL, token string, httpClient *http.Client) (Session, error) {
	baseURL = strings.TrimRight(baseURL, "/")
	if err := checkServiceURL("base_url", baseURL); err != nil {
		return Session{}, err
	}
	token = strings.TrimSpace(token)
	if token == "" {
		return Session{}, errors.New("the personal access token is empty; paste the token shown when it was created")
	}
	s := Session{Service: baseURL, Method: MethodToken, Token: token}
	u, err := newClient(s, httpClient).UserInfo(ctx)
	if err != nil {
		return Session{}, scrubError(fmt.Errorf("the personal access token was not accepted: %w", err), token)
	}
	s.Nick, s.UserName = string(u.Nick), string(u.Name)
	return s, nil
}

// LoginBasic checks an API account with /quickstart/testauth and returns its
// session. The service echoes the password there; it is neither kept from
// the answer nor shown.
func LoginBasic(ctx context.Context, baseURL, user, password string, httpClient *http.Client) (Session, error) {
	baseURL = strings.TrimRight(baseURL, "/")
	if err := checkServiceURL("base_url", baseURL); err != nil {
		return Session{}, err
	}
	if user == "" || password == "" {
		return Session{}, errors.New("the API account and password are both needed (company management, open platform)")
	}
	s := Session{Service: baseURL, Method: MethodBasic, APIUser: user, APIPassword: password}
	rec, err := newClient(s, httpClient).TestAuth(ctx)
	if err != nil {
		return Session{}, scrubError(fmt.Errorf("the API account was not accepted: %w", err), password)
	}
	if rec.APIUser != "" && rec.APIUser != user {
		return Session{}, fmt.Errorf("the service checked another API account (%q) than the one given", rec.APIUser)
	}
	return s, nil
}

// Retry settings of the login checks: a login is interactive, so a failing
// service is reported quickly rather than retried for long.
const (
	checkRetries    = 1
	checkBackoff    = 200 * time.Millisecond
	checkBackoffMax = 2 * time.Second
	checkTimeout    = 30 * time.Second
)

// newClient is an API client acting as the session, for the login checks.
func newClient(s Session, httpClient *http.Client) *api.Client {
	return api.NewClient(s.Service, s.Authorizer(),
		api.WithHTTPClient(httpClient),
		api.WithMaxRetries(checkRetries),
		api.WithBackoff(checkBackoff, checkBackoffMax),
		api.WithTimeout(checkTimeout),
	)
}
