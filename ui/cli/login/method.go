package login

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"triage/api"

	"triage/auth"
	"triage/store"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// ChooseMethod picks the login way from the flags, or asks on a terminal.
// The first choice offered is the browser only where it can work without
// more setup: with an OAuth application's client id and secret configured,
// on the local service too; otherwise a personal access token, which a
// person can make in the service's web settings.
func ChooseMethod(c *wiring.Factory, ctx context.Context, s *wiring.Setup, web, token, basic bool) (auth.Method, error) {
	n := 0
	for _, b := range []bool{web, token, basic} {
		if b {
			n++
		}
	}
	switch {
	case n > 1:
		return "", api.Errorf("%w: choose one of --web, --token and --basic", wiring.ErrUsage)
	case web:
		return auth.MethodOAuth, nil
	case token:
		return auth.MethodToken, nil
	case basic:
		return auth.MethodBasic, nil
	}
	lacks, err := oauthLacks(s, ctx)
	if err != nil {
		return "", err
	}
	choices := loginChoices(lacks, s.Config.WebURL)
	if !c.IsTerminal {
		return "", api.Errorf("%w: no terminal to ask on: choose %s, %s or %s", wiring.ErrUsage, choices[0].flag(), choices[1].flag(), choices[2].flag())
	}
	fmt.Fprintln(c.Stderr, i18n.Tf("How do you want to log in to %s?", s.Config.BaseURL))
	for i, ch := range choices {
		fmt.Fprintf(c.Stderr, "  %d) %s\n", i+1, ch.text)
	}
	fmt.Fprint(c.Stderr, i18n.T("Choice [1]: "))
	line, err := ReadLine(c.Stdin)
	if err != nil {
		return "", err
	}
	switch answer := strings.TrimSpace(line); answer {
	case "":
		return choices[0].method, nil
	case "1", "2", "3":
		return choices[answer[0]-'1'].method, nil
	}
	return "", api.Errorf("%w: %q is not one of 1, 2 or 3", wiring.ErrUsage, strings.TrimSpace(line))
}

// loginChoice is one line of the login question.
type loginChoice struct {
	method auth.Method
	text   string
}

// flag is the login flag that makes this choice.
func (ch loginChoice) flag() string {
	switch ch.method {
	case auth.MethodOAuth:
		return "--web"
	case auth.MethodToken:
		return "--token"
	}
	return "--basic"
}

// loginChoices are the three ways to log in: the browser first when it
// lacks nothing, else the personal access token first and the browser
// naming what it lacks.
func loginChoices(oauthLacks, webURL string) []loginChoice {
	browser := loginChoice{auth.MethodOAuth, i18n.T("in the browser (OAuth)")}
	if oauthLacks != "" {
		browser.text = i18n.Tf("in the browser (OAuth; needs an OAuth application: set %s)", oauthLacks)
	}
	token := loginChoice{auth.MethodToken, i18n.Tf("with a personal access token (make one in the web settings: %s)", tokenSettingsURL(webURL))}
	basic := loginChoice{auth.MethodBasic, i18n.T("with an API account (Basic)")}
	if oauthLacks == "" {
		return []loginChoice{browser, token, basic}
	}
	return []loginChoice{token, browser, basic}
}

// tokenSettingsURL is where TAPD's web settings make personal access tokens
// (personal settings → personal token).
func tokenSettingsURL(webURL string) string {
	return strings.TrimRight(webURL, "/") + "/personal_settings/index?tab=personal_token"
}

// BrowserFirst reports whether the browser login works as it is: with the
// client id and secret of an OAuth application configured.
func BrowserFirst(s *wiring.Setup, ctx context.Context) bool {
	lacks, err := oauthLacks(s, ctx)
	return err == nil && lacks == ""
}

// oauthLacks names the variables the browser login needs and has not: the
// OAuth application's client id (TRIAGE_CLIENT_ID, or client_id in the
// config) and its secret (TRIAGE_CLIENT_SECRET, or the one stored at the
// first browser login); "" when it has both.
func oauthLacks(s *wiring.Setup, ctx context.Context) (string, error) {
	_, lacks, err := oauthSecret(s, ctx)
	return lacks, err
}

// oauthSecret is the OAuth client secret, the environment's else the stored
// one ("" when neither), and the variables the browser login lacks.
func oauthSecret(s *wiring.Setup, ctx context.Context) (secret, lacks string, err error) {
	secret = s.Config.ClientSecret.Reveal()
	if secret == "" {
		stored, err := s.Credentials.ClientSecret(ctx, s.Config.BaseURL)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return "", "", err
		}
		secret = stored.Reveal()
	}
	var missing []string
	if s.Config.ClientID == "" {
		missing = append(missing, store.EnvClientID)
	}
	if secret == "" {
		missing = append(missing, store.EnvClientSecret)
	}
	return secret, strings.Join(missing, " and "), nil
}

// ClientSecret is the OAuth client secret; without it or the client id,
// an error that names what to set, before anything is opened.
func ClientSecret(s *wiring.Setup, ctx context.Context) (string, error) {
	secret, lacks, err := oauthSecret(s, ctx)
	if err != nil {
		return "", err
	}
	if lacks != "" {
		from := "to its client id and secret"
		switch {
		case isLocalService(s.Config.BaseURL) && strings.Contains(lacks, " and "):
			from = "as `triage serve` prints them"
		case isLocalService(s.Config.BaseURL):
			from = "as `triage serve` prints it"
		}
		return "", api.Errorf("the browser login needs an OAuth application: set %s %s", lacks, from)
	}
	return secret, nil
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
