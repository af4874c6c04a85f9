package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/x/term"

	"triage/auth"
	"triage/store"
)

// cmdLogin logs in by one of the three ways and stores the credential.
func (c *cli) cmdLogin(ctx context.Context, args []string) error {
	fs := newFlags("login")
	var g globalFlags
	g.register(fs)
	web := fs.Bool("web", false, "log in in the browser (OAuth user mode)")
	token := fs.Bool("token", false, "log in with a personal access token (read from stdin, TRIAGE_TOKEN or a prompt)")
	basic := fs.Bool("basic", false, "log in with an API account (TRIAGE_API_USER and TRIAGE_API_PASSWORD, standard input or a prompt)")
	if err := c.parse(fs, args); err != nil {
		return err
	}
	s, err := c.load(ctx, &g)
	if err != nil {
		return err
	}
	method, err := c.chooseMethod(ctx, s, *web, *token, *basic)
	if err != nil {
		return err
	}
	var sess auth.Session
	switch method {
	case auth.MethodOAuth:
		sess, err = c.loginWeb(ctx, s)
	case auth.MethodToken:
		sess, err = c.loginToken(ctx, s)
	default:
		sess, err = c.loginBasic(ctx, s)
	}
	if errors.Is(err, auth.ErrUnchecked) {
		return fmt.Errorf("nothing was stored: %w", err)
	}
	if err != nil {
		return err
	}
	if err := s.remember(ctx, sess); err != nil {
		return err
	}
	if s.storageNote != "" {
		fmt.Fprint(c.stderr, s.storageNote)
	}
	as := ""
	if user := who(sess); user != "" {
		as = " as " + user
	}
	fmt.Fprintf(c.stdout, "Logged in to %s%s (%s)%s.\n", sess.Service, as, methodName(sess.Method), until(sess))
	fmt.Fprint(c.stderr, s.envStillDecides("the login stored now"))
	return nil
}

// loginWeb runs the OAuth authorization code flow: the browser page, the
// loopback listener, and on a terminal a pasted redirect address as well.
func (c *cli) loginWeb(ctx context.Context, s *setup) (auth.Session, error) {
	secret, err := s.clientSecret(ctx)
	if err != nil {
		return auth.Session{}, fmt.Errorf("%w; or log in with a personal access token: triage login --token", err)
	}
	flow, err := auth.StartOAuth(ctx, s.oauthConfig(secret, c.env))
	if err != nil {
		return auth.Session{}, err
	}
	defer flow.Close()
	fmt.Fprintf(c.stderr, "Open this address to log in (it expires in 5 minutes):\n\n  %s\n\n", flow.URL())
	if err := flow.OpenBrowser(); err != nil {
		cause := err
		if inner := errors.Unwrap(err); inner != nil {
			cause = inner
		}
		fmt.Fprintf(c.stderr, "The browser could not be opened (%s).\nOpen this address in a browser yourself:\n\n  %s\n\n", cause, flow.URL())
	} else {
		fmt.Fprintln(c.stderr, "A browser was opened; finish there.")
	}
	if c.isTerminal {
		fmt.Fprintln(c.stderr, "If the browser runs elsewhere, paste the address it was sent to here and press Enter:")
		go c.pasteLoop(flow)
	} else {
		fmt.Fprintln(c.stderr, "Waiting for the browser…")
	}
	sess, err := flow.Wait(ctx)
	if err != nil {
		return auth.Session{}, err
	}
	if err := s.creds.SetClientSecret(ctx, s.cfg.BaseURL, store.Secret(secret)); err != nil {
		fmt.Fprintf(c.stderr, "note: the client secret could not be stored (%s); set TRIAGE_CLIENT_SECRET next time\n", err)
	}
	return sess, nil
}

// pasteLoop hands lines typed on the terminal to the flow until one is taken.
func (c *cli) pasteLoop(flow *auth.Flow) {
	sc := bufio.NewScanner(c.stdin)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if err := flow.Paste(line); err != nil {
			fmt.Fprintf(c.stderr, "That address was not taken: %s\nPaste the whole address the browser was sent to:\n", err)
			continue
		}
		return
	}
}

// loginToken checks a personal access token from stdin, TRIAGE_TOKEN or a prompt.
func (c *cli) loginToken(ctx context.Context, s *setup) (auth.Session, error) {
	var token string
	switch {
	case !c.isTerminal:
		line, err := readLine(c.stdin)
		if err != nil {
			return auth.Session{}, fmt.Errorf("reading the token from standard input: %w", err)
		}
		token = line
	case s.cfg.Token != "":
		token = s.cfg.Token.Reveal()
	default:
		var err error
		if token, err = c.promptSecret("Personal access token: "); err != nil {
			return auth.Session{}, err
		}
	}
	token = strings.TrimSpace(token)
	if token == "" {
		return auth.Session{}, errors.New("no token given: pipe it on standard input or set TRIAGE_TOKEN")
	}
	return auth.LoginToken(ctx, s.cfg.BaseURL, token, nil)
}

// loginBasic checks an API account from the environment or prompts.
func (c *cli) loginBasic(ctx context.Context, s *setup) (auth.Session, error) {
	user, password := s.cfg.APIUser, s.cfg.APIPassword.Reveal()
	var err error
	if user == "" {
		if !c.isTerminal {
			return auth.Session{}, errors.New("no API account given: set TRIAGE_API_USER and TRIAGE_API_PASSWORD")
		}
		fmt.Fprint(c.stderr, "API account: ")
		if user, err = readLine(c.stdin); err != nil {
			return auth.Session{}, err
		}
	}
	if password == "" {
		if !c.isTerminal {
			if password, err = readLine(c.stdin); err != nil {
				return auth.Session{}, fmt.Errorf("reading the API password from standard input: %w", err)
			}
		} else if password, err = c.promptSecret("API password: "); err != nil {
			return auth.Session{}, err
		}
	}
	return auth.LoginBasic(ctx, s.cfg.BaseURL, strings.TrimSpace(user), strings.TrimSpace(password), nil)
}

// promptSecret reads a line from the terminal without echoing it.
func (c *cli) promptSecret(prompt string) (string, error) {
	fmt.Fprint(c.stderr, prompt)
	b, err := term.ReadPassword(os.Stdin.Fd())
	fmt.Fprintln(c.stderr)
	if err != nil {
		return "", fmt.Errorf("reading from the terminal: %w", err)
	}
	return string(b), nil
}

// readLine reads one line, without its line ending.
func readLine(r io.Reader) (string, error) {
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil && !(errors.Is(err, io.EOF) && line != "") {
		if errors.Is(err, io.EOF) {
			return "", errors.New("nothing to read")
		}
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// cmdLogout forgets the credential of the current service, and the boards
// cached for its user.
func (c *cli) cmdLogout(ctx context.Context, args []string) error {
	s, err := c.loadCommand(ctx, "logout", args)
	if err != nil {
		return err
	}
	if sess, err := s.session(ctx); err == nil {
		c.clearCache(s, sess)
	}
	err = s.creds.Delete(ctx, s.cfg.BaseURL)
	if errors.Is(err, store.ErrNotFound) {
		fmt.Fprintf(c.stdout, "Not logged in to %s.\n", s.cfg.BaseURL)
		fmt.Fprint(c.stderr, s.envStillDecides("this logout"))
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "Logged out of %s.\n", s.cfg.BaseURL)
	fmt.Fprint(c.stderr, s.envStillDecides("this logout"))
	return nil
}

// clearCache removes the boards cached for the user of a session; the
// cache is only a help, so a failure is a note.
func (c *cli) clearCache(s *setup, sess auth.Session) {
	user := sess.Nick
	if user == "" {
		user = sess.APIUser
	}
	if user == "" {
		return
	}
	cache, warning := store.OpenCache(filepath.Join(s.paths.CacheDir, store.CacheFile))
	defer cache.Close()
	if err := cache.ClearUser(s.cfg.BaseURL, user); err != nil || warning != nil {
		fmt.Fprintf(c.stderr, "triage: note: the cached boards of %s were not cleared: %v\n", user, errors.Join(warning, err))
	}
}

// oauthConfig is the OAuth client configuration of the service.
func (s *setup) oauthConfig(secret string, env func(string) string) auth.OAuthConfig {
	return auth.OAuthConfig{
		AuthURL: s.cfg.AuthURL, BaseURL: s.cfg.BaseURL, ClientID: s.cfg.ClientID, ClientSecret: secret,
		Scopes: s.cfg.Scopes, RedirectPort: s.cfg.RedirectPort,
		OpenBrowser: auth.NewDefaultBrowserOpener(env),
	}
}

// who names the person or account of a session; "" when it is not known
// (a token not checked with the service).
func who(s auth.Session) string {
	switch {
	case s.Nick != "" && s.UserName != "" && s.UserName != s.Nick:
		return fmt.Sprintf("%s (%s)", s.Nick, s.UserName)
	case s.Nick != "":
		return s.Nick
	case s.APIUser != "":
		return "API account " + s.APIUser
	}
	return ""
}

// methodName is how a login method is shown.
func methodName(m auth.Method) string {
	switch m {
	case auth.MethodOAuth:
		return "browser login (OAuth)"
	case auth.MethodToken:
		return "personal access token"
	case auth.MethodBasic:
		return "API account"
	}
	return string(m)
}

// until says how long a session lasts, for the login message.
func until(s auth.Session) string {
	if s.ExpiresAt.IsZero() {
		return ", without expiry"
	}
	out := " until " + expiryOf(s)
	if s.WorkspaceID != 0 {
		out += fmt.Sprintf(", workspace %d", s.WorkspaceID)
	}
	return out
}
