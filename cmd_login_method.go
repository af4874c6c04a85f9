package main

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"strings"

	"triage/auth"
)

// chooseMethod picks the login way from the flags, or asks on a terminal.
// The first choice offered is the browser only where it can work without
// more setup: on the local service, or with an OAuth application's client
// id and secret configured; otherwise a personal access token, which a
// person can make in the service's web settings.
func (c *cli) chooseMethod(ctx context.Context, s *setup, web, token, basic bool) (auth.Method, error) {
	n := 0
	for _, b := range []bool{web, token, basic} {
		if b {
			n++
		}
	}
	switch {
	case n > 1:
		return "", fmt.Errorf("%w: choose one of --web, --token and --basic", errUsage)
	case web:
		return auth.MethodOAuth, nil
	case token:
		return auth.MethodToken, nil
	case basic:
		return auth.MethodBasic, nil
	case !c.isTerminal:
		return "", fmt.Errorf("%w: no terminal to ask on: choose --web, --token or --basic", errUsage)
	}
	choices := loginChoices(s.browserFirst(ctx), s.cfg.WebURL)
	fmt.Fprintf(c.stderr, "How do you want to log in to %s?\n", s.cfg.BaseURL)
	for i, ch := range choices {
		fmt.Fprintf(c.stderr, "  %d) %s\n", i+1, ch.text)
	}
	fmt.Fprint(c.stderr, "Choice [1]: ")
	line, err := readLine(c.stdin)
	if err != nil {
		return "", err
	}
	switch answer := strings.TrimSpace(line); answer {
	case "":
		return choices[0].method, nil
	case "1", "2", "3":
		return choices[answer[0]-'1'].method, nil
	}
	return "", fmt.Errorf("%w: %q is not one of 1, 2 or 3", errUsage, strings.TrimSpace(line))
}

// loginChoice is one line of the login question.
type loginChoice struct {
	method auth.Method
	text   string
}

// loginChoices are the three ways to log in, the browser first or the
// personal access token first.
func loginChoices(browserFirst bool, webURL string) []loginChoice {
	browser := loginChoice{auth.MethodOAuth, "in the browser (OAuth)"}
	if !browserFirst {
		browser.text = "in the browser (OAuth; needs an OAuth application: set TRIAGE_CLIENT_ID and TRIAGE_CLIENT_SECRET)"
	}
	token := loginChoice{auth.MethodToken, "with a personal access token (make one in the web settings: " + tokenSettingsURL(webURL) + ")"}
	basic := loginChoice{auth.MethodBasic, "with an API account (Basic)"}
	if browserFirst {
		return []loginChoice{browser, token, basic}
	}
	return []loginChoice{token, browser, basic}
}

// tokenSettingsURL is where TAPD's web settings make personal access tokens
// (personal settings → personal token).
func tokenSettingsURL(webURL string) string {
	return strings.TrimRight(webURL, "/") + "/personal_settings/index?tab=personal_token"
}

// browserFirst reports whether the browser login works as it is: on a
// local service (127.0.0.1, localhost), or with the client id and secret
// of an OAuth application configured.
func (s *setup) browserFirst(ctx context.Context) bool {
	if isLocalService(s.cfg.BaseURL) {
		return true
	}
	if s.cfg.ClientID == "" {
		return false
	}
	_, err := s.clientSecret(ctx)
	return err == nil
}

// isLocalService reports whether a service address is on this machine.
func isLocalService(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	host := u.Hostname()
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
