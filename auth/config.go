package auth

import (
	"errors"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"triage/api"
)

// Defaults of OAuthConfig.
const (
	DefaultCallbackPath = "/callback"
	DefaultTimeout      = 5 * time.Minute
	// exchangeTimeout bounds the token exchange when no HTTPClient is given.
	exchangeTimeout = 30 * time.Second
)

// OAuthConfig describes the OAuth client and how the login runs.
type OAuthConfig struct {
	AuthURL, BaseURL string // browser pages ({auth_url}) and API ({base_url})
	ClientID         string
	ClientSecret     string
	Scopes           string        // space-separated; default api.DefaultScopes
	RedirectPort     int           // 0 = any free port
	CallbackPath     string        // default "/callback"
	Timeout          time.Duration // how long to wait for the browser; default 5m
	HTTPClient       *http.Client  // for the exchange and /users/info; default: 30 s timeout
	// OpenBrowser opens the authorization URL; nil = NewDefaultBrowserOpener(os.Getenv).
	OpenBrowser func(url string) error
	Now         func() time.Time // clock; default time.Now
	// After starts the wait for the browser: its channel fires at the
	// deadline. Default time.After; tests end the wait on their cue.
	After func(time.Duration) <-chan time.Time
}

// withDefaults checks the config and fills in what was left out.
func (c OAuthConfig) withDefaults() (OAuthConfig, error) {
	var problems []error
	if err := checkServiceURL("auth_url", c.AuthURL); err != nil {
		problems = append(problems, err)
	}
	if err := checkServiceURL("base_url", c.BaseURL); err != nil {
		problems = append(problems, err)
	}
	if strings.TrimSpace(c.ClientID) == "" {
		problems = append(problems, api.Errorf("the client id is not set"))
	}
	if c.ClientSecret == "" {
		problems = append(problems, api.Errorf("the client secret is not set"))
	}
	if c.RedirectPort < 0 || c.RedirectPort > 65535 {
		problems = append(problems, api.Errorf("redirect port %d is not a port number", c.RedirectPort))
	}
	if c.CallbackPath == "" {
		c.CallbackPath = DefaultCallbackPath
	}
	if !strings.HasPrefix(c.CallbackPath, "/") || strings.ContainsAny(c.CallbackPath, "?# ") {
		problems = append(problems, api.Errorf("callback path %q must be a plain path starting with /", c.CallbackPath))
	}
	if len(problems) > 0 {
		return c, api.Errorf("the OAuth settings are incomplete: %w", errors.Join(problems...))
	}
	c.AuthURL = strings.TrimRight(c.AuthURL, "/")
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	c.ClientID = strings.TrimSpace(c.ClientID)
	c.Scopes = normalizeScopes(c.Scopes)
	if c.Scopes == "" {
		c.Scopes = api.DefaultScopes
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.After == nil {
		c.After = time.After
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{Timeout: exchangeTimeout}
	}
	if c.OpenBrowser == nil {
		c.OpenBrowser = NewDefaultBrowserOpener(os.Getenv)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c, nil
}

// checkServiceURL accepts an absolute http or https address.
func checkServiceURL(name, raw string) error {
	if raw == "" {
		return api.Errorf("%s is not set", name)
	}
	u, err := url.Parse(raw)
	if err != nil {
		return api.Errorf("%s is not a valid address", name)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return api.Errorf("%s %q is not an http(s) address", name, u.Redacted())
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return api.Errorf("%s %q must not carry a query or fragment", name, u.Redacted())
	}
	return nil
}
