package auth

import (
	"crypto/rand"
	"encoding/base64"
	"net/url"
	"strings"

	"triage/api"
)

// stateBytes is the amount of randomness in the state parameter.
const stateBytes = 32

// newState returns 32 random bytes, base64url-encoded without padding: the
// value the redirect must echo for the listener to accept it.
func newState() (string, error) {
	b := make([]byte, stateBytes)
	if _, err := rand.Read(b); err != nil {
		return "", api.Errorf("drawing a random state: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// escapeParam URL-encodes a query value the way the authorization page
// expects: every reserved character percent-encoded ('#' as %23) and a space
// as %20 rather than '+'. QueryEscape encodes a literal '+' as %2B, so every
// '+' it leaves stands for a space.
func escapeParam(v string) string {
	return strings.ReplaceAll(url.QueryEscape(v), "+", "%20")
}

// authorizationParams are the query parameters of the authorization page, in
// the order the service documents them.
type authorizationParams struct {
	ClientID    string
	RedirectURI string
	Scope       string
	State       string
}

// authorizationURL builds {authURL}/oauth/?response_type=code&client_id=…
// &redirect_uri=…&scope=…&state=…&auth_by=user with every value URL-encoded.
func authorizationURL(authURL string, p authorizationParams) string {
	pairs := [][2]string{
		{"response_type", "code"},
		{"client_id", p.ClientID},
		{"redirect_uri", p.RedirectURI},
		{"scope", p.Scope},
		{"state", p.State},
		{"auth_by", "user"},
	}
	var b strings.Builder
	b.WriteString(strings.TrimRight(authURL, "/"))
	b.WriteString("/oauth/?")
	for i, kv := range pairs {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(kv[0])
		b.WriteByte('=')
		b.WriteString(escapeParam(kv[1]))
	}
	return b.String()
}

// normalizeScopes joins the scope names with single spaces.
func normalizeScopes(s string) string { return strings.Join(strings.Fields(s), " ") }
