package wiring

import (
	"context"
	"errors"
	"flag"
	"strconv"
	"strings"

	"triage/api"
	"triage/auth"
	"triage/store"
	"triage/ui"
	"triage/ui/common"
	"triage/ui/i18n"
)

// GlobalFlags are accepted by every command that talks to a service.
type GlobalFlags struct {
	Profile                            string
	BaseURL, AuthURL, WebURL, ClientID string
	RedirectPort                       *int
	Workspace                          int64
	InsecureStorage                    bool
}

// Register adds the global flags to a command's flag set.
func (g *GlobalFlags) Register(fs *flag.FlagSet) {
	fs.StringVar(&g.Profile, "profile", "", "`NAME` of the config's profile to use (env TRIAGE_PROFILE)")
	fs.StringVar(&g.BaseURL, "base-url", "", "API address `URL` (env TRIAGE_BASE_URL)")
	fs.StringVar(&g.AuthURL, "auth-url", "", "authorization pages address `URL` (env TRIAGE_AUTH_URL)")
	fs.StringVar(&g.WebURL, "web-url", "", "web app address `URL`, for links (env TRIAGE_WEB_URL)")
	fs.StringVar(&g.ClientID, "client-id", "", "OAuth application `ID` (env TRIAGE_CLIENT_ID)")
	fs.Func("redirect-port", "loopback `PORT` for the OAuth redirect (0: any free port)", func(s string) error {
		p, err := strconv.Atoi(s)
		if err != nil {
			return errors.New("not a port number")
		}
		g.RedirectPort = &p
		return nil
	})
	fs.Int64Var(&g.Workspace, "workspace", 0, "`ID` of the workspace to open (env TRIAGE_WORKSPACE)")
	fs.BoolVar(&g.InsecureStorage, "insecure-storage", false, "keep credentials in a private plain-text file instead of the OS keyring")
}

// Env is the environment with --profile, when given, as TRIAGE_PROFILE.
func (g *GlobalFlags) Env(env func(string) string) func(string) string {
	if g.Profile == "" {
		return env
	}
	return func(name string) string {
		if name == store.EnvProfile {
			return g.Profile
		}
		return env(name)
	}
}

// LoadCommand reads the flags of a command that takes only the global ones,
// and loads what it needs to reach the service.
func (c *Factory) LoadCommand(ctx context.Context, name string, args []string) (*Setup, error) {
	fs := NewFlags(name)
	var g GlobalFlags
	g.Register(fs)
	if err := c.Parse(fs, args); err != nil {
		return nil, err
	}
	return c.Load(ctx, &g)
}

// Setup is what a command needs to reach a service: the resolved
// configuration, where files live and the credential store.
type Setup struct {
	Paths       store.Paths
	Config      store.Config
	Credentials store.Credentials
	// Keys are the user's keys, checked (config keys:, commands:, views:).
	Keys common.KeyOverrides
	// StorageNote says that credentials go to a plain-text file, and why,
	// when they do. Only login prints it, when it stores one; status shows
	// the file as where the credential is stored, and the app's login
	// screens say where it went.
	StorageNote string
}

// Load resolves the configuration (defaults, file, environment, flags) and
// opens the credential store.
func (c *Factory) Load(ctx context.Context, g *GlobalFlags) (*Setup, error) {
	paths, err := store.DefaultPaths()
	if err != nil {
		return nil, err
	}
	return c.LoadFrom(ctx, g, paths, c.Env)
}

// LoadFrom is Load with explicit paths and environment (the demo uses its own).
func (c *Factory) LoadFrom(ctx context.Context, g *GlobalFlags, paths store.Paths, env func(string) string) (*Setup, error) {
	if err := paths.Ensure(); err != nil {
		return nil, err
	}
	cfg, err := store.LoadConfig(paths, g.Env(env))
	if err != nil {
		return nil, err
	}
	i18n.Use(i18n.Choose(cfg.Language, c.Env))
	keys, err := ui.KeyOverrides(cfg.Sections)
	if err != nil {
		return nil, api.Errorf("config %s: %w", cfg.Path, err)
	}
	if paths = paths.ForProfile(cfg.ProfileName); cfg.ProfileName != "" {
		if err := paths.Ensure(); err != nil {
			return nil, err
		}
	}
	err = cfg.Override(store.Overrides{
		BaseURL: g.BaseURL, AuthURL: g.AuthURL, WebURL: g.WebURL, ClientID: g.ClientID,
		RedirectPort: g.RedirectPort, Workspace: g.Workspace,
	})
	if err != nil {
		return nil, api.Errorf("%w: %s", ErrUsage, err)
	}
	var note strings.Builder
	creds, err := store.OpenCredentials(ctx, paths, g.InsecureStorage, &note)
	if err != nil {
		return nil, err
	}
	return &Setup{Paths: paths, Config: cfg, Keys: keys, Credentials: creds, StorageNote: note.String()}, nil
}

// ErrNotLoggedIn says that no credential is known for the service.
var ErrNotLoggedIn = api.Errorf("not logged in")

// Session finds the credential to use, in this order: a token in
// TRIAGE_TOKEN, an API account in TRIAGE_API_USER and TRIAGE_API_PASSWORD,
// then the one stored for the service. The environment's are not checked
// here; the service checks them on first use, and its refusal names the
// variables to change, since a login does not help while they are set.
func (s *Setup) Session(ctx context.Context) (auth.Session, error) {
	base := s.Config.BaseURL
	switch {
	case s.Config.Token != "":
		return auth.Session{Service: base, Method: auth.MethodToken, Token: s.Config.Token.Reveal(), RefusedAdvice: s.EnvRefusedAdvice(ctx)}, nil
	case s.Config.APIUser != "" && s.Config.APIPassword != "":
		return auth.Session{Service: base, Method: auth.MethodBasic, APIUser: s.Config.APIUser, APIPassword: s.Config.APIPassword.Reveal(),
			RefusedAdvice: s.EnvRefusedAdvice(ctx)}, nil
	}
	cred, err := s.Credentials.Get(ctx, base)
	if errors.Is(err, store.ErrNotFound) {
		return auth.Session{}, api.Errorf("%w to %s", ErrNotLoggedIn, base)
	}
	if err != nil {
		return auth.Session{}, err
	}
	return auth.FromCredential(base, cred)
}

// Remember stores a session as the credential of its service.
func (s *Setup) Remember(ctx context.Context, sess auth.Session) error {
	if err := s.Credentials.Set(ctx, s.Config.BaseURL, auth.ToCredential(sess)); err != nil {
		return api.Errorf("logged in, but the credential could not be stored: %w", err)
	}
	return nil
}

// ProfileOf is the ProfileName a profile's name gives.
func ProfileOf(name string) string {
	if name == store.DefaultProfile {
		return ""
	}
	return name
}
