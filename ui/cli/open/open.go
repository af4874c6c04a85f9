package open

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"runtime/debug"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/auth"
	"triage/store"
	"triage/ui"
	clilogin "triage/ui/cli/login"
	"triage/ui/cli/wiring"
	"triage/ui/common"
	"triage/ui/i18n"
	"triage/ui/views/login"
)

// Options are what the board opens with: its streams and the global flags.
type Options struct {
	IO     *wiring.Factory
	Global wiring.GlobalFlags
}

// NewCmd is `triage` without a command: it reads the flags into Options
// and calls runF with them, Run when runF is nil.
func NewCmd(runF func(context.Context, *Options) error) wiring.Command {
	if runF == nil {
		runF = Run
	}
	return wiring.NewCommand("triage", func(c *wiring.Factory, fs *flag.FlagSet) *Options {
		o := &Options{IO: c}
		o.Global.Register(fs)
		return o
	}, nil, runF)
}

// Run opens the board: of the last workspace when a valid credential is
// stored, else after the login view.
func Run(ctx context.Context, o *Options) error {
	c := o.IO
	if !c.IsTerminal {
		return api.Errorf("the board needs a terminal; for scripts use 'triage status' or 'triage log'")
	}
	s, err := c.Load(ctx, &o.Global)
	if err != nil {
		return err
	}
	sess, err := s.Session(ctx)
	switch {
	case errors.Is(err, wiring.ErrNotLoggedIn):
		sess = auth.Session{}
	case err != nil:
		return err
	}
	if sess.Method != "" && sess.Expired(time.Now()) {
		fmt.Fprintln(c.Stderr, i18n.T("The stored login has expired; log in again."))
		sess = auth.Session{}
	}
	if sess.Method != "" && (sess.Nick == "" && sess.Method != auth.MethodBasic || sess.RefusedAdvice != "") {
		// A credential from the environment, or a login whose user the
		// service did not tell: ask who it belongs to, and whether the
		// service takes it (the login view cannot replace one set in the
		// environment). The session keeps its method, workspace and expiry.
		checked, err := s.Check(ctx, sess, c.WaitTeller()) // a wait for the rate limit is said on stderr: the screen is not drawn yet
		switch {
		case err == nil:
			sess = checked
		case errors.Is(err, auth.ErrUnchecked):
			fmt.Fprintf(c.Stderr, "triage: note: %s\n", err)
		case sess.RefusedAdvice != "":
			return common.Advise(sess.RefusedAdvice, err)
		default:
			return api.Errorf("%s: %w", s.Source(sess), err)
		}
	}
	if sess, err = grantedWorkspace(c, ctx, s, sess); err != nil {
		return err
	}
	if sess.Method == auth.MethodBasic && s.Config.Workspace == 0 {
		return api.Errorf("%w: %w", wiring.ErrUsage, common.ErrAPIAccountWorkspaces)
	}
	secret := func(ctx context.Context) (string, error) { return clilogin.ClientSecret(s, ctx) }
	method := string(sess.Method)
	if method == "" && !clilogin.BrowserFirst(s, ctx) {
		method = string(auth.MethodToken) // the login view offers the token first
	}
	return RunApp(c, ctx, App{Setup: s, Session: sess, ClientSecret: secret, Method: method})
}

// App is what the full-screen app starts from.
type App struct {
	Setup        *wiring.Setup
	Session      auth.Session // zero: start with the login view
	ClientSecret func(context.Context) (string, error)
	Method       string // shown in the status line ("demo" for the demo)
}

// The garbage collector's settings while the app runs: its target (Go's
// default is 100; GOGC overrides it) and a soft memory limit (GOMEMLIMIT
// overrides it).
const (
	appGCPercent   = 50
	appMemoryLimit = 100 << 20
)

// RunApp wires the client, the stores, the login port and the views, and
// runs the program.
func RunApp(c *wiring.Factory, ctx context.Context, r App) error {
	s := r.Setup
	st, err := wiring.OpenStores(s.Paths)
	if err != nil {
		return err
	}
	defer st.Close()
	log, closeLog, err := openLog(s.Paths.LogDir)
	if err != nil {
		return err
	}
	defer closeLog()
	var authz api.Authorizer
	if r.Session.Method != "" {
		authz = r.Session.Authorizer()
	}
	client, closeBudget, err := s.NewClient(authz, r.Session.Account(), c.Version, nil)
	if err != nil {
		return err
	}
	defer closeBudget()

	uictx := common.NewContext(client, c.Env("NO_COLOR") != "")
	uictx.KeyOverrides = s.Keys
	s.Keys.Remap("app", uictx.Keys)
	if sec := s.Config.Sections; sec != nil {
		uictx.Commands = sec.Commands
		uictx.RunCommand = commandRunner(os.Environ())
	}
	uictx.Views, uictx.ConfigFile = s.Config.Views(), s.Config.Path
	uictx.Base = ctx
	uictx.ServiceURL = s.Config.BaseURL
	uictx.WebURL = s.Config.WebURL
	uictx.Method = r.Method
	uictx.OpenURL = auth.NewDefaultBrowserOpener(c.Env)
	uictx.Session = store.NewSessionID(time.Now())
	uictx.Log = log.With("session", uictx.Session)
	uictx.Log.Info("start", "version", c.Version, "service", s.Config.BaseURL, "method", r.Method)
	uictx.Edits = store.NewSender(st.Outbox, client, store.SenderConfig{Service: s.Config.BaseURL, Session: uictx.Session, Parallel: api.DefaultMaxInFlight,
		Gather: store.BoardGather(), // quick moves go together: one read and one batch write
		Watch:  time.Second})        // what `triage set` does beside the board shows within a second or two
	uictx.Cache = st.Cache
	keepSeen(uictx, s)

	port := &authenticator{setup: s, secret: r.ClientSecret, env: c.Env}
	uiOpts := ui.Options{
		Auth: port,
		OnLogin: func(sess auth.Session) error {
			client.SetAuth(sess.Authorizer())
			return s.Remember(ctx, sess)
		},
		RememberWorkspace: func(id int64) error {
			return store.RememberWorkspace(s.Config, id)
		},
		WorkspaceID: s.Config.Workspace,
		Theme:       s.Config.Theme,
		Warning:     st.Warning,
	}
	rememberViews(&uiOpts, s, uictx.Log)
	if r.Session.Method != "" {
		sess := r.Session
		uiOpts.Session = &sess
		if sess.Method == auth.MethodOAuth {
			uiOpts.WorkspaceID = sess.WorkspaceID // the token reaches only this one
		}
	}
	if c.Env("GOGC") == "" {
		// The board holds every item of a workspace (100,000 and more) and
		// makes little garbage once drawn: collecting at half the live heap
		// instead of all of it keeps the peak memory near what it holds.
		debug.SetGCPercent(appGCPercent)
	}
	if c.Env("GOMEMLIMIT") == "" {
		// A soft limit: the runtime collects and gives memory back to the
		// system harder as it nears it, instead of keeping freed memory. A
		// larger board passes it and is collected more often.
		debug.SetMemoryLimit(appMemoryLimit)
	}
	uictx.Budget = client.Budget()
	p := tea.NewProgram(ui.New(uictx, uiOpts), tea.WithContext(ctx), tea.WithInput(c.Stdin), tea.WithOutput(c.Stdout))
	uictx.Notify = p.Send // a request waiting for the rate limit says so on the status line
	final, err := p.Run()
	if err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		uictx.Log.Error("the terminal app stopped", "error", err.Error())
		return api.Errorf("the terminal app stopped: %w", err)
	}
	if root, ok := final.(*ui.Model); ok {
		root.SaveViewState()
	}
	uictx.Log.Info("stop")
	settle(uictx.Tasks, settleLimit)
	sayUnsent(c, st.Outbox, s.Config.BaseURL, uictx.User, r.Method == "demo")
	return nil
}

// authenticator is the login view's port over package auth.
type authenticator struct {
	setup  *wiring.Setup
	secret func(context.Context) (string, error)
	env    func(string) string
}

// StartOAuth starts the browser login with the service's OAuth client.
func (a *authenticator) StartOAuth(ctx context.Context) (login.OAuthFlow, error) {
	secret, err := a.secret(ctx)
	if err != nil {
		return nil, err
	}
	flow, err := auth.StartOAuth(ctx, clilogin.OAuthConfig(a.setup, secret, a.env))
	if err != nil {
		return nil, err
	}
	return flow, nil
}

// LoginToken checks a personal access token.
func (a *authenticator) LoginToken(ctx context.Context, token string) (auth.Session, error) {
	return auth.LoginToken(ctx, a.setup.Config.BaseURL, token, nil)
}

// LoginBasic checks an API account.
func (a *authenticator) LoginBasic(ctx context.Context, user, password string) (auth.Session, error) {
	return auth.LoginBasic(ctx, a.setup.Config.BaseURL, user, password, nil)
}

// Storage says where the credential of a login is kept.
func (a *authenticator) Storage() string { return a.setup.Credentials.Location() }
