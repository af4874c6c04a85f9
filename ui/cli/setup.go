package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"triage/auth"
	"triage/store"
	"triage/ui"
	"triage/ui/common"
)

// globalFlags are accepted by every command that talks to a service.
type globalFlags struct {
	profile                            string
	baseURL, authURL, webURL, clientID string
	redirectPort                       *int
	workspace                          int64
	insecureStorage                    bool
}

// register adds the global flags to a command's flag set.
func (g *globalFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&g.profile, "profile", "", "`NAME` of the config's profile to use (env TRIAGE_PROFILE)")
	fs.StringVar(&g.baseURL, "base-url", "", "API address `URL` (env TRIAGE_BASE_URL)")
	fs.StringVar(&g.authURL, "auth-url", "", "authorization pages address `URL` (env TRIAGE_AUTH_URL)")
	fs.StringVar(&g.webURL, "web-url", "", "web app address `URL`, for links (env TRIAGE_WEB_URL)")
	fs.StringVar(&g.clientID, "client-id", "", "OAuth application `ID` (env TRIAGE_CLIENT_ID)")
	fs.Func("redirect-port", "loopback `PORT` for the OAuth redirect (0: any free port)", func(s string) error {
		p, err := strconv.Atoi(s)
		if err != nil {
			return errors.New("not a port number")
		}
		g.redirectPort = &p
		return nil
	})
	fs.Int64Var(&g.workspace, "workspace", 0, "`ID` of the workspace to open (env TRIAGE_WORKSPACE)")
	fs.BoolVar(&g.insecureStorage, "insecure-storage", false, "keep credentials in a private plain-text file instead of the OS keyring")
}

// env is the environment with --profile, when given, as TRIAGE_PROFILE.
func (g *globalFlags) env(env func(string) string) func(string) string {
	if g.profile == "" {
		return env
	}
	return func(name string) string {
		if name == store.EnvProfile {
			return g.profile
		}
		return env(name)
	}
}

// loadCommand reads the flags of a command that takes only the global ones,
// and loads what it needs to reach the service.
func (c *cli) loadCommand(ctx context.Context, name string, args []string) (*setup, error) {
	fs := newFlags(name)
	var g globalFlags
	g.register(fs)
	if err := c.parse(fs, args); err != nil {
		return nil, err
	}
	return c.load(ctx, &g)
}

// setup is what a command needs to reach a service: the resolved
// configuration, where files live and the credential store.
type setup struct {
	paths store.Paths
	cfg   store.Config
	creds store.Credentials
	// keys are the user's keys, checked (config keys:, commands:, views:).
	keys common.KeyOverrides
	// storageNote says that credentials go to a plain-text file, and why,
	// when they do. Only login prints it, when it stores one; status shows
	// the file as where the credential is stored, and the app's login
	// screens say where it went.
	storageNote string
}

// load resolves the configuration (defaults, file, environment, flags) and
// opens the credential store.
func (c *cli) load(ctx context.Context, g *globalFlags) (*setup, error) {
	paths, err := store.DefaultPaths()
	if err != nil {
		return nil, err
	}
	return c.loadFrom(ctx, g, paths, c.env)
}

// loadFrom is load with explicit paths and environment (the demo uses its own).
func (c *cli) loadFrom(ctx context.Context, g *globalFlags, paths store.Paths, env func(string) string) (*setup, error) {
	if err := paths.Ensure(); err != nil {
		return nil, err
	}
	cfg, err := store.LoadConfig(paths, g.env(env))
	if err != nil {
		return nil, err
	}
	keys, err := ui.KeyOverrides(cfg.Sections)
	if err != nil {
		return nil, fmt.Errorf("config %s: %w", cfg.Path, err)
	}
	if paths = paths.ForProfile(cfg.ProfileName); cfg.ProfileName != "" {
		if err := paths.Ensure(); err != nil {
			return nil, err
		}
	}
	err = cfg.Override(store.Overrides{
		BaseURL: g.baseURL, AuthURL: g.authURL, WebURL: g.webURL, ClientID: g.clientID,
		RedirectPort: g.redirectPort, Workspace: g.workspace,
	})
	if err != nil {
		return nil, fmt.Errorf("%w: %s", errUsage, err)
	}
	var note strings.Builder
	creds, err := store.OpenCredentials(ctx, paths, g.insecureStorage, &note)
	if err != nil {
		return nil, err
	}
	return &setup{paths: paths, cfg: cfg, keys: keys, creds: creds, storageNote: note.String()}, nil
}

// errNotLoggedIn says that no credential is known for the service.
var errNotLoggedIn = errors.New("not logged in")

// session finds the credential to use, in this order: a token in
// TRIAGE_TOKEN, an API account in TRIAGE_API_USER and TRIAGE_API_PASSWORD,
// then the one stored for the service. The environment's are not checked
// here; the service checks them on first use, and its refusal names the
// variables to change, since a login does not help while they are set.
func (s *setup) session(ctx context.Context) (auth.Session, error) {
	base := s.cfg.BaseURL
	switch {
	case s.cfg.Token != "":
		return auth.Session{Service: base, Method: auth.MethodToken, Token: s.cfg.Token.Reveal(), RefusedAdvice: s.envRefusedAdvice(ctx)}, nil
	case s.cfg.APIUser != "" && s.cfg.APIPassword != "":
		return auth.Session{Service: base, Method: auth.MethodBasic, APIUser: s.cfg.APIUser, APIPassword: s.cfg.APIPassword.Reveal(),
			RefusedAdvice: s.envRefusedAdvice(ctx)}, nil
	}
	cred, err := s.creds.Get(ctx, base)
	if errors.Is(err, store.ErrNotFound) {
		return auth.Session{}, fmt.Errorf("%w to %s", errNotLoggedIn, base)
	}
	if err != nil {
		return auth.Session{}, err
	}
	return auth.FromCredential(base, cred)
}

// remember stores a session as the credential of its service.
func (s *setup) remember(ctx context.Context, sess auth.Session) error {
	if err := s.creds.Set(ctx, s.cfg.BaseURL, auth.ToCredential(sess)); err != nil {
		return fmt.Errorf("logged in, but the credential could not be stored: %w", err)
	}
	return nil
}
