package auth

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"triage/api"
)

// maxTokenResponse bounds the body read from the token endpoint.
const maxTokenResponse = 1 << 20

// maxExpiresIn is the longest token lifetime believed, in seconds (10 years).
const maxExpiresIn = 10 * 365 * 24 * 60 * 60

// tokenPath is the token endpoint under {base_url}.
const tokenPath = "/tokens/request_token"

// issuedToken is a token record and the local time its request was sent.
type issuedToken struct {
	record api.TokenRecord
	sentAt time.Time
}

// exchangeCode trades the authorization code for a user-mode token at
// POST {base_url}/tokens/request_token, with Basic client_id:client_secret
// (raw, not URL-encoded) and the same redirect URI the authorization used.
// Its errors never carry the secret or the code.
func exchangeCode(ctx context.Context, cfg OAuthConfig, redirectURI, code string) (issuedToken, error) {
	tok, err := doExchange(ctx, cfg, redirectURI, code)
	if err != nil {
		return issuedToken{}, scrubError(err, cfg.ClientSecret, code)
	}
	return tok, nil
}

func doExchange(ctx context.Context, cfg OAuthConfig, redirectURI, code string) (issuedToken, error) {
	form := url.Values{
		"grant_type":   {"authorization_code"},
		"redirect_uri": {redirectURI},
		"code":         {code},
	}
	endpoint := cfg.BaseURL + tokenPath
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return issuedToken{}, api.Errorf("preparing the token request: %w", err)
	}
	req.SetBasicAuth(cfg.ClientID, cfg.ClientSecret)
	req.Header.Set("Content-Type", api.ContentTypeForm)
	req.Header.Set("Accept", api.ContentTypeJSON)
	sentAt := cfg.Now()
	resp, err := cfg.HTTPClient.Do(req)
	if err != nil {
		if ctxErr := ctx.Err(); ctxErr != nil {
			return issuedToken{}, stopped(ctxErr)
		}
		return issuedToken{}, api.Errorf("could not reach the token endpoint of %s; check base_url and the network: %w", cfg.BaseURL, err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxTokenResponse))
	if err != nil {
		return issuedToken{}, api.Errorf("reading the token response: %w", err)
	}
	env, err := api.DecodeEnvelope(body)
	if err != nil {
		return issuedToken{}, exchangeNotJSON(resp.StatusCode, err)
	}
	if !env.OK() || resp.StatusCode >= 300 {
		return issuedToken{}, exchangeFailure(resp.StatusCode, env)
	}
	var rec api.TokenRecord
	if err := env.DecodeData(&rec); err != nil {
		return issuedToken{}, api.Errorf("the token endpoint answered with an unexpected record: %w", err)
	}
	if err := checkTokenRecord(rec); err != nil {
		return issuedToken{}, err
	}
	return issuedToken{record: rec, sentAt: sentAt}, nil
}

// exchangeNotJSON explains a token answer that is not an envelope.
func exchangeNotJSON(status int, err error) error {
	if status == http.StatusUnauthorized {
		return api.Errorf("%w (HTTP 401)", ErrClientRejected)
	}
	return api.Errorf("the token endpoint answered HTTP %d with something that is not the service's JSON (is base_url right?): %w", status, err)
}

// exchangeFailure maps an error envelope of the token endpoint to a clear
// error. The service's info is shown only when it is not one of the known
// messages.
func exchangeFailure(httpStatus int, env api.Envelope) error {
	status := env.Status
	if status == api.StatusOK {
		status = httpStatus
	}
	ref := ""
	if id := env.RequestID(); id != "" {
		ref = ", request " + id
	}
	switch {
	case env.Info == api.InfoCodeExpired:
		return api.Errorf("%w (HTTP %d%s)", ErrCodeExpired, httpStatus, ref)
	case env.Info == api.InfoCodeInvalid:
		return api.Errorf("%w (HTTP %d%s)", ErrCodeRejected, httpStatus, ref)
	case env.Info == api.InfoRedirectMismatch:
		return api.Errorf("%w (HTTP %d%s)", ErrRedirectRejected, httpStatus, ref)
	case httpStatus == http.StatusUnauthorized || status == http.StatusUnauthorized:
		return api.Errorf("%w (HTTP %d%s)", ErrClientRejected, httpStatus, ref)
	case env.Info == api.InfoUnsupportedGrant:
		return api.Errorf("the service refused the grant type authorization_code (HTTP %d%s)", httpStatus, ref)
	case httpStatus == http.StatusTooManyRequests || status == http.StatusTooManyRequests:
		return api.Errorf("the service is rate-limiting this account; wait a little and run the login again (HTTP %d%s)", httpStatus, ref)
	case httpStatus >= 500 || status >= 500:
		return api.Errorf("the service failed to issue the token; try the login again later (HTTP %d%s)", httpStatus, ref)
	default:
		return api.Errorf("the token exchange failed: %s (HTTP %d, status %d%s)", quoteInfo(env.Info), httpStatus, env.Status, ref)
	}
}

// quoteInfo shows a service message safely on a terminal.
func quoteInfo(info string) string {
	const limit = 200
	if len(info) > limit {
		info = info[:limit] + "…"
	}
	return fmt.Sprintf("%q", info)
}

// checkTokenRecord refuses a record that cannot be used.
func checkTokenRecord(rec api.TokenRecord) error {
	var problems []error
	if rec.AccessToken == "" {
		problems = append(problems, api.Errorf("no access_token"))
	}
	if rec.TokenType != "" && !strings.EqualFold(rec.TokenType, "Bearer") {
		problems = append(problems, api.Errorf("token_type %s is not Bearer", quoteInfo(rec.TokenType)))
	}
	if rec.ExpiresIn <= 0 || rec.ExpiresIn > maxExpiresIn {
		problems = append(problems, api.Errorf("expires_in %d is not a lifetime between 1 s and 10 years", rec.ExpiresIn))
	}
	if len(problems) > 0 {
		return api.Errorf("the token endpoint answered with an unusable token record: %w", errors.Join(problems...))
	}
	return nil
}

// oauthSession builds the session of an issued token. The granted workspace
// is the token's resource, else the redirect's.
func oauthSession(baseURL string, tok issuedToken, redirected api.Resource) Session {
	rec := tok.record
	expiresAt, skew := tokenExpiry(tok.sentAt, rec.Now, time.Duration(rec.ExpiresIn)*time.Second)
	workspace := int64(rec.Resource.WorkspaceID)
	if rec.Resource.Validate() != nil {
		workspace = int64(redirected.WorkspaceID)
	}
	return Session{
		Service:     baseURL,
		Method:      MethodOAuth,
		Token:       rec.AccessToken,
		Scope:       normalizeScopes(rec.Scope),
		WorkspaceID: workspace,
		ExpiresAt:   expiresAt,
		Lifetime:    time.Duration(rec.ExpiresIn) * time.Second,
		ClockSkew:   skew,
	}
}
