package auth

import (
	"context"
	"net/http"
	"strings"
	"time"

	"triage/api"
)

// Authorizer is what the API client presents: the token as Bearer (oauth,
// personal token) or the account as Basic.
func (s Session) Authorizer() api.Authorizer {
	var a api.Authorizer = api.BearerToken(s.Token)
	if s.Method == MethodBasic {
		a = api.BasicAuth{User: s.APIUser, Password: s.APIPassword}
	}
	if s.RefusedAdvice != "" {
		a = api.WithRefusedAdvice(a, s.RefusedAdvice)
	}
	return a
}

// LoginToken checks a personal access token with /users/info and returns its
// session (no expiry; the nick and name of its owner). A token the service
// does not confirm gives a *CheckError (see Check).
func LoginToken(ctx context.Context, baseURL, token string, httpClient *http.Client) (Session, error) {
	baseURL = strings.TrimRight(baseURL, "/")
	if err := checkServiceURL("base_url", baseURL); err != nil {
		return Session{}, err
	}
	token = strings.TrimSpace(token)
	if token == "" {
		return Session{}, api.Errorf("the personal access token is empty; paste the token shown when it was created")
	}
	return Check(ctx, Session{Service: baseURL, Method: MethodToken, Token: token}, httpClient)
}

// LoginBasic checks an API account with /quickstart/testauth and returns its
// session. The service echoes the password there; it is neither kept from
// the answer nor shown. An account the service does not confirm gives a
// *CheckError (see Check).
func LoginBasic(ctx context.Context, baseURL, user, password string, httpClient *http.Client) (Session, error) {
	baseURL = strings.TrimRight(baseURL, "/")
	if err := checkServiceURL("base_url", baseURL); err != nil {
		return Session{}, err
	}
	if user == "" || password == "" {
		return Session{}, api.Errorf("the API account and password are both needed (company management, open platform)")
	}
	return Check(ctx, Session{Service: baseURL, Method: MethodBasic, APIUser: user, APIPassword: password}, httpClient)
}

// checkTimeout bounds each attempt of a check. Retries follow the client's
// defaults, as for every read: a 429 is waited out (its whole Retry-After),
// a service that cannot be reached is tried a few times within seconds.
const checkTimeout = 30 * time.Second

// newClient is an API client acting as the session, for the checks, with
// the caller's options after its own (the account's rate budget, who hears
// of its waits).
func newClient(s Session, httpClient *http.Client, opts ...api.ClientOption) *api.Client {
	return api.NewClient(s.Service, s.Authorizer(),
		append([]api.ClientOption{api.WithHTTPClient(httpClient), api.WithTimeout(checkTimeout)}, opts...)...)
}
