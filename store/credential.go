package store

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strings"
	"time"

	"triage/api"
)

// The ways to sign in, as Credential.Method.
const (
	MethodOAuth = "oauth" // OAuth authorization code; Token is the access token
	MethodToken = "token" // personal access token in Token
	MethodBasic = "basic" // API account: APIUser and APIPassword
)

// ErrNotFound reports that no credential (or client secret) is stored for
// a service.
var ErrNotFound = api.Errorf("no stored credentials")

// Credential is how triage signs in to one service. Printing it with fmt,
// or encoding it as JSON, shows "[redacted]" for Token and APIPassword; the
// stores keep the real values.
type Credential struct {
	Method      string        // MethodOAuth, MethodToken or MethodBasic
	Token       string        // bearer token for oauth / personal token
	APIUser     string        // basic
	APIPassword string        // basic
	Scope       string        // oauth granted scopes, space separated
	WorkspaceID int64         // oauth granted workspace (0 = none)
	ExpiresAt   time.Time     // zero = does not expire
	Lifetime    time.Duration // oauth: the token's expires_in (0 = unknown)
	Nick        string        // who is logged in
	UserName    string
}

// Credentials stores a Credential, and the OAuth client secret, per
// service. A service is named by its base URL (see ServiceKey), so the
// sandbox and the real service live side by side. Get and ClientSecret
// return ErrNotFound when nothing is stored; Delete too, so that logging out
// twice can say "not logged in". Delete removes the credential only: the
// client secret belongs to the OAuth application, not to the session, and
// is removed by SetClientSecret with an empty secret.
type Credentials interface {
	Get(ctx context.Context, service string) (Credential, error)
	Set(ctx context.Context, service string, c Credential) error
	Delete(ctx context.Context, service string) error
	ClientSecret(ctx context.Context, service string) (Secret, error)
	SetClientSecret(ctx context.Context, service string, secret Secret) error
	// Location says where the credentials are kept, for `triage status`.
	Location() string
}

// ServiceKey normalises a base URL into the key its credentials are stored
// under: scheme and host in lower case, no default port, no trailing slash.
// "HTTPS://API.tapd.cn:443/" gives "https://api.tapd.cn".
func ServiceKey(baseURL string) (string, error) {
	u, err := parseHTTPURL(strings.TrimSpace(baseURL))
	if err != nil {
		return "", api.Errorf("service: %w", err)
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return "", api.Errorf("service: a base URL may not have a query or fragment")
	}
	host := strings.ToLower(u.Hostname())
	port := u.Port()
	if port != "" && !(u.Scheme == "https" && port == "443" || u.Scheme == "http" && port == "80") {
		host = net.JoinHostPort(host, port)
	} else if strings.Contains(host, ":") {
		host = "[" + host + "]"
	}
	return u.Scheme + "://" + host + strings.TrimRight(u.EscapedPath(), "/"), nil
}

// check reports a credential that cannot sign in, without its secrets.
func (c Credential) check() error {
	switch c.Method {
	case MethodOAuth, MethodToken:
		if c.Token == "" {
			return api.Errorf("%s credential without a token", c.Method)
		}
	case MethodBasic:
		if c.APIUser == "" || c.APIPassword == "" {
			return api.Errorf("basic credential needs both an API user and an API password")
		}
	default:
		return api.Errorf("unknown sign-in method %q; want %s, %s or %s", c.Method, MethodOAuth, MethodToken, MethodBasic)
	}
	return nil
}

// credentialView is a Credential with its secrets as Secret, for printing.
type credentialView struct {
	Method      string
	Token       Secret
	APIUser     string
	APIPassword Secret
	Scope       string
	WorkspaceID int64
	ExpiresAt   time.Time
	Lifetime    time.Duration
	Nick        string
	UserName    string
}

func (c Credential) view() credentialView {
	return credentialView{
		Method: c.Method, Token: Secret(c.Token), APIUser: c.APIUser, APIPassword: Secret(c.APIPassword),
		Scope: c.Scope, WorkspaceID: c.WorkspaceID, ExpiresAt: c.ExpiresAt, Lifetime: c.Lifetime, Nick: c.Nick, UserName: c.UserName,
	}
}

// String shows the credential with its secrets redacted.
func (c Credential) String() string { return fmt.Sprintf("%+v", c.view()) }

// GoString shows the credential for %#v with its secrets redacted.
func (c Credential) GoString() string {
	return "store.Credential" + strings.TrimPrefix(fmt.Sprintf("%#v", c.view()), "store.credentialView")
}

// Format redacts the secrets for every fmt verb.
func (c Credential) Format(f fmt.State, verb rune) {
	if verb == 'v' && f.Flag('#') {
		_, _ = io.WriteString(f, c.GoString())
		return
	}
	_, _ = io.WriteString(f, c.String())
}

// MarshalJSON encodes the credential with its secrets redacted, so that a
// credential in a log or a debug dump shows no secret. The stores use their
// own encoding.
func (c Credential) MarshalJSON() ([]byte, error) { return json.Marshal(c.view()) }

// credentialRecord is how the stores encode a Credential, secrets included.
type credentialRecord struct {
	Method      string        `json:"method"`
	Token       string        `json:"token,omitempty"`
	APIUser     string        `json:"api_user,omitempty"`
	APIPassword string        `json:"api_password,omitempty"`
	Scope       string        `json:"scope,omitempty"`
	WorkspaceID int64         `json:"workspace_id,omitempty"`
	ExpiresAt   time.Time     `json:"expires_at,omitzero"`
	Lifetime    time.Duration `json:"lifetime_ns,omitempty"`
	Nick        string        `json:"nick,omitempty"`
	UserName    string        `json:"user_name,omitempty"`
}

// errUnreadable reports a stored credential that does not decode. The
// decoder's message is left out: it may quote part of a secret.
var errUnreadable = api.Errorf("stored credentials are unreadable; run `triage login` again")
