package login

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"triage/api"

	"github.com/charmbracelet/x/term"

	"triage/auth"
	"triage/store"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// Options are what `triage login` runs with: its streams, the global
// flags and the way asked for (none: it asks, or picks what works).
type Options struct {
	IO                *wiring.Factory
	Global            wiring.GlobalFlags
	Web, Token, Basic bool
}

// NewCmd is `triage login`: it reads the flags into Options and calls runF
// with them, Run when runF is nil.
func NewCmd(runF func(context.Context, *Options) error) wiring.Command {
	if runF == nil {
		runF = Run
	}
	return wiring.NewCommand("login", func(c *wiring.Factory, fs *flag.FlagSet) *Options {
		o := &Options{IO: c}
		o.Global.Register(fs)
		fs.BoolVar(&o.Web, "web", false, "log in in the browser (OAuth user mode)")
		fs.BoolVar(&o.Token, "token", false, "log in with a personal access token (read from stdin, TRIAGE_TOKEN or a prompt)")
		fs.BoolVar(&o.Basic, "basic", false, "log in with an API account (TRIAGE_API_USER and TRIAGE_API_PASSWORD, standard input or a prompt)")
		return o
	}, nil, runF)
}

// Run logs in by one of the three ways and stores the credential.
func Run(ctx context.Context, o *Options) error {
	c := o.IO
	s, err := c.Load(ctx, &o.Global)
	if err != nil {
		return err
	}
	method, err := ChooseMethod(c, ctx, s, o.Web, o.Token, o.Basic)
	if err != nil {
		return err
	}
	var sess auth.Session
	switch method {
	case auth.MethodOAuth:
		sess, err = Web(c, ctx, s)
	case auth.MethodToken:
		sess, err = loginToken(c, ctx, s)
	default:
		sess, err = loginBasic(c, ctx, s)
	}
	if errors.Is(err, auth.ErrUnchecked) {
		return api.Errorf("nothing was stored: %w", err)
	}
	if err != nil {
		return err
	}
	if err := s.Remember(ctx, sess); err != nil {
		return err
	}
	if s.StorageNote != "" {
		fmt.Fprint(c.Stderr, s.StorageNote)
	}
	if user := wiring.Who(sess); user != "" {
		fmt.Fprintln(c.Stdout, i18n.Tf("Logged in to %s as %s (%s)%s.", sess.Service, user, wiring.MethodName(sess.Method), until(sess)))
	} else {
		fmt.Fprintln(c.Stdout, i18n.Tf("Logged in to %s (%s)%s.", sess.Service, wiring.MethodName(sess.Method), until(sess)))
	}
	fmt.Fprint(c.Stderr, s.EnvStillDecides(i18n.T("the login stored now")))
	return nil
}

// Web runs the OAuth authorization code flow: the browser page, the
// loopback listener, and on a terminal a pasted redirect address as well.
func Web(c *wiring.Factory, ctx context.Context, s *wiring.Setup) (auth.Session, error) {
	secret, err := ClientSecret(s, ctx)
	if err != nil {
		return auth.Session{}, api.Errorf("%w; or log in with a personal access token: triage login --token", err)
	}
	flow, err := auth.StartOAuth(ctx, OAuthConfig(s, secret, c.Env))
	if err != nil {
		return auth.Session{}, err
	}
	defer flow.Close()
	fmt.Fprintf(c.Stderr, "%s\n\n  %s\n\n", i18n.T("Open this address to log in (it expires in 5 minutes):"), flow.URL())
	if err := flow.OpenBrowser(); err != nil {
		cause := err
		if inner := errors.Unwrap(err); inner != nil {
			cause = inner
		}
		fmt.Fprintf(c.Stderr, "%s\n\n  %s\n\n", i18n.Tf("The browser could not be opened (%s).\nOpen this address in a browser yourself:", cause), flow.URL())
	} else {
		fmt.Fprintln(c.Stderr, i18n.T("A browser was opened; finish there."))
	}
	if c.IsTerminal {
		fmt.Fprintln(c.Stderr, i18n.T("If the browser runs elsewhere, paste the address it was sent to here and press Enter:"))
		go pasteLoop(c, flow)
	} else {
		fmt.Fprintln(c.Stderr, i18n.T("Waiting for the browser…"))
	}
	sess, err := flow.Wait(ctx)
	if err != nil {
		return auth.Session{}, err
	}
	if err := s.Credentials.SetClientSecret(ctx, s.Config.BaseURL, store.Secret(secret)); err != nil {
		fmt.Fprintln(c.Stderr, i18n.Tf("note: the client secret could not be stored (%s); set TRIAGE_CLIENT_SECRET next time", api.ErrorIn(err, i18n.T)))
	}
	return sess, nil
}

// pasteLoop hands lines typed on the terminal to the flow until one is taken.
func pasteLoop(c *wiring.Factory, flow *auth.Flow) {
	sc := bufio.NewScanner(c.Stdin)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		if err := flow.Paste(line); err != nil {
			fmt.Fprintln(c.Stderr, i18n.Tf("That address was not taken: %s\nPaste the whole address the browser was sent to:", api.ErrorIn(err, i18n.T)))
			continue
		}
		return
	}
}

// loginToken checks a personal access token from stdin, TRIAGE_TOKEN or a prompt.
func loginToken(c *wiring.Factory, ctx context.Context, s *wiring.Setup) (auth.Session, error) {
	var token string
	switch {
	case !c.IsTerminal:
		line, err := ReadLine(c.Stdin)
		if err != nil {
			return auth.Session{}, api.Errorf("reading the token from standard input: %w", err)
		}
		token = line
	case s.Config.Token != "":
		token = s.Config.Token.Reveal()
	default:
		var err error
		if token, err = promptSecret(c, i18n.T("Personal access token: ")); err != nil {
			return auth.Session{}, err
		}
	}
	token = strings.TrimSpace(token)
	if token == "" {
		return auth.Session{}, api.Errorf("no token given: pipe it on standard input or set TRIAGE_TOKEN")
	}
	return auth.LoginToken(ctx, s.Config.BaseURL, token, nil)
}

// loginBasic checks an API account from the environment or prompts.
func loginBasic(c *wiring.Factory, ctx context.Context, s *wiring.Setup) (auth.Session, error) {
	user, password := s.Config.APIUser, s.Config.APIPassword.Reveal()
	var err error
	if user == "" {
		if !c.IsTerminal {
			return auth.Session{}, api.Errorf("no API account given: set TRIAGE_API_USER and TRIAGE_API_PASSWORD")
		}
		fmt.Fprint(c.Stderr, i18n.T("API account: "))
		if user, err = ReadLine(c.Stdin); err != nil {
			return auth.Session{}, err
		}
	}
	if password == "" {
		if !c.IsTerminal {
			if password, err = ReadLine(c.Stdin); err != nil {
				return auth.Session{}, api.Errorf("reading the API password from standard input: %w", err)
			}
		} else if password, err = promptSecret(c, i18n.T("API password: ")); err != nil {
			return auth.Session{}, err
		}
	}
	return auth.LoginBasic(ctx, s.Config.BaseURL, strings.TrimSpace(user), strings.TrimSpace(password), nil)
}

// promptSecret reads a line from the terminal without echoing it.
func promptSecret(c *wiring.Factory, prompt string) (string, error) {
	fmt.Fprint(c.Stderr, prompt)
	b, err := term.ReadPassword(os.Stdin.Fd())
	fmt.Fprintln(c.Stderr)
	if err != nil {
		return "", api.Errorf("reading from the terminal: %w", err)
	}
	return string(b), nil
}

// ReadLine reads one line, without its line ending.
func ReadLine(r io.Reader) (string, error) {
	line, err := bufio.NewReader(r).ReadString('\n')
	if err != nil && !(errors.Is(err, io.EOF) && line != "") {
		if errors.Is(err, io.EOF) {
			return "", api.Errorf("nothing to read")
		}
		return "", err
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// Logout forgets the credential of the current service, and the boards
// cached for its user.
func Logout(c *wiring.Factory, ctx context.Context, args []string) error {
	s, err := c.LoadCommand(ctx, "logout", args)
	if err != nil {
		return err
	}
	if sess, err := s.Session(ctx); err == nil {
		clearCache(c, s, sess)
	}
	err = s.Credentials.Delete(ctx, s.Config.BaseURL)
	if errors.Is(err, store.ErrNotFound) {
		fmt.Fprintln(c.Stdout, i18n.Tf("Not logged in to %s.", s.Config.BaseURL))
		fmt.Fprint(c.Stderr, s.EnvStillDecides(i18n.T("this logout")))
		return nil
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(c.Stdout, i18n.Tf("Logged out of %s.", s.Config.BaseURL))
	fmt.Fprint(c.Stderr, s.EnvStillDecides(i18n.T("this logout")))
	return nil
}

// clearCache removes the boards cached for the user of a session; the
// cache is only a help, so a failure is a note.
func clearCache(c *wiring.Factory, s *wiring.Setup, sess auth.Session) {
	user := sess.Nick
	if user == "" {
		user = sess.APIUser
	}
	if user == "" {
		return
	}
	cache, warning := store.OpenCache(filepath.Join(s.Paths.CacheDir, store.CacheFile))
	defer cache.Close()
	if err := cache.ClearUser(s.Config.BaseURL, user); err != nil || warning != nil {
		fmt.Fprintln(c.Stderr, i18n.Tf("triage: note: the cached boards of %s were not cleared: %v", user, api.ErrorIn(errors.Join(warning, err), i18n.T)))
	}
}

// OAuthConfig is the OAuth client configuration of the service.
func OAuthConfig(s *wiring.Setup, secret string, env func(string) string) auth.OAuthConfig {
	return auth.OAuthConfig{
		AuthURL: s.Config.AuthURL, BaseURL: s.Config.BaseURL, ClientID: s.Config.ClientID, ClientSecret: secret,
		Scopes: s.Config.Scopes, RedirectPort: s.Config.RedirectPort,
		OpenBrowser: auth.NewDefaultBrowserOpener(env),
	}
}

// until says how long a session lasts, for the login message.
func until(s auth.Session) string {
	if s.ExpiresAt.IsZero() {
		return i18n.T(", without expiry")
	}
	if s.WorkspaceID != 0 {
		return i18n.Tf(" until %s, workspace %d", wiring.ExpiryOf(s), s.WorkspaceID)
	}
	return i18n.Tf(" until %s", wiring.ExpiryOf(s))
}
