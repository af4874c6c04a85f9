package store

import (
	"net/url"
	"strconv"
	"strings"

	"triage/api"
)

// The defaults point at the real service.
const (
	DefaultBaseURL = "https://api.tapd.cn"
	DefaultAuthURL = "https://www.tapd.cn"
	DefaultWebURL  = "https://www.tapd.cn"
	DefaultScopes  = "story#read story#write bug#read bug#write task#read task#write"
	DefaultTheme   = ThemeAuto
)

// The environment variables LoadConfig reads. They override the config file.
const (
	EnvConfig       = "TRIAGE_CONFIG" // another config file to read instead
	EnvBaseURL      = "TRIAGE_BASE_URL"
	EnvAuthURL      = "TRIAGE_AUTH_URL"
	EnvWebURL       = "TRIAGE_WEB_URL"
	EnvToken        = "TRIAGE_TOKEN"
	EnvAPIUser      = "TRIAGE_API_USER"
	EnvAPIPassword  = "TRIAGE_API_PASSWORD"
	EnvClientID     = "TRIAGE_CLIENT_ID"
	EnvClientSecret = "TRIAGE_CLIENT_SECRET"
	EnvWorkspace    = "TRIAGE_WORKSPACE"
	EnvRateLimit    = "TRIAGE_RATE_LIMIT"
	EnvLanguage     = "TRIAGE_LANG" // the language of the interface; wins over language:
)

// The themes: auto follows the terminal's background; dark and light fix
// the colours for terminals that do not tell their background.
const (
	ThemeAuto  = "auto"
	ThemeDark  = "dark"
	ThemeLight = "light"
)

// Settings is what the config file holds. It has no secret field by
// design, so writing Settings can never write a secret.
type Settings struct {
	BaseURL      string `yaml:"base_url,omitempty"`      // the API, e.g. https://api.tapd.cn
	AuthURL      string `yaml:"auth_url,omitempty"`      // where the OAuth authorize page lives
	WebURL       string `yaml:"web_url,omitempty"`       // the web app, for links to items
	ClientID     string `yaml:"client_id,omitempty"`     // the OAuth application
	RedirectPort int    `yaml:"redirect_port,omitempty"` // OAuth loopback port; 0 = any free port
	Scopes       string `yaml:"scopes,omitempty"`        // OAuth scopes, space separated
	Workspace    int64  `yaml:"workspace,omitempty"`     // default workspace; 0 = none
	Theme        string `yaml:"theme,omitempty"`         // UI theme; "auto" by default
	Profile      string `yaml:"profile,omitempty"`       // the active profile (profile.go); "" = none
	RateLimit    string `yaml:"rate_limit,omitempty"`    // requests per window, e.g. 60/min or off; "" = 60/min on a remote service, off on this machine's
	Language     string `yaml:"language,omitempty"`      // zh-CN, en, or auto (the locale); "" = auto
}

// Config is the resolved configuration: defaults, then the config file, then
// the environment, then flags (Override). URLs have no trailing slash. The
// secrets come only from the environment and stay in memory; they print as
// "[redacted]", and SaveConfig takes Settings, which holds none.
type Config struct {
	Settings
	APIUser      string // Basic auth account, from TRIAGE_API_USER
	Token        Secret // personal or OAuth token, from TRIAGE_TOKEN
	APIPassword  Secret // Basic auth password, from TRIAGE_API_PASSWORD
	ClientSecret Secret // OAuth client secret, from TRIAGE_CLIENT_SECRET
	// ProfileName is the profile in use; "" when none is.
	ProfileName string
	// Sections are the parts of the file of more than one value, such as
	// its profiles; nil when it has none.
	Sections *Sections
	// Path is the config file in use: TRIAGE_CONFIG if set, else
	// Paths.ConfigFile. Give it to UpdateConfig to remember a setting.
	Path string
}

// Overrides are the values given as command-line flags; they win over the
// config file and the environment. An empty string, a zero Workspace and a
// nil RedirectPort mean "not given". Secrets have no flag: a command line is
// visible to every user of the machine.
type Overrides struct {
	BaseURL      string
	AuthURL      string
	WebURL       string
	ClientID     string
	RedirectPort *int
	Scopes       string
	Workspace    int64
	Theme        string
}

// LoadConfig reads the config file named by TRIAGE_CONFIG or, without it,
// paths.ConfigFile, then applies the environment; env is os.Getenv in
// production (and a function returning "" for `triage demo`). A missing
// paths.ConfigFile gives the defaults; a missing file named by TRIAGE_CONFIG
// is an error, as it is most likely a typo. A malformed file is reported as
// "config <path>: line N: ...".
func LoadConfig(paths Paths, env func(string) string) (Config, error) {
	cfg := Config{Settings: defaultSettings(), Path: paths.ConfigFile}
	named := env(EnvConfig)
	if named != "" {
		cfg.Path = named
	}
	var sec Sections
	if err := readConfigFile(cfg.Path, named != "", &cfg.Settings, &sec); err != nil {
		return Config{}, err
	}
	profile := strings.TrimSpace(env(EnvProfile))
	if profile == "" {
		profile = cfg.Profile
	}
	if !sec.empty() {
		cfg.Sections = &sec
	}
	if err := cfg.UseProfile(profile); err != nil {
		return Config{}, err
	}
	if err := cfg.applyEnv(env); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// Override applies command-line flags over the loaded configuration. An
// error names the setting (as in the config file) and leaves c unchanged.
func (c *Config) Override(o Overrides) error {
	s := c.Settings
	for _, kv := range []struct{ key, value string }{
		{keyBaseURL, o.BaseURL}, {keyAuthURL, o.AuthURL}, {keyWebURL, o.WebURL},
		{keyClientID, o.ClientID}, {keyScopes, o.Scopes}, {keyTheme, o.Theme},
	} {
		if err := s.set(kv.key, kv.value); err != nil {
			return api.Errorf("flag %s: %w", kv.key, err)
		}
	}
	if o.RedirectPort != nil {
		if err := checkPort(*o.RedirectPort); err != nil {
			return api.Errorf("flag %s: %w", keyRedirectPort, err)
		}
		s.RedirectPort = *o.RedirectPort
	}
	if o.Workspace < 0 {
		return api.Errorf("flag %s: %w", keyWorkspace, errWorkspace)
	}
	if o.Workspace != 0 {
		s.Workspace = o.Workspace
	}
	c.Settings = s
	return nil
}

func defaultSettings() Settings {
	return Settings{
		BaseURL: DefaultBaseURL,
		AuthURL: DefaultAuthURL,
		WebURL:  DefaultWebURL,
		Scopes:  DefaultScopes,
		Theme:   DefaultTheme,
	}
}

// applyEnv applies the environment variables. An error names the variable
// and never repeats a secret.
func (c *Config) applyEnv(env func(string) string) error {
	for _, kv := range []struct{ name, key string }{
		{EnvBaseURL, keyBaseURL}, {EnvAuthURL, keyAuthURL}, {EnvWebURL, keyWebURL},
		{EnvClientID, keyClientID}, {EnvWorkspace, keyWorkspace}, {EnvRateLimit, keyRateLimit},
		{EnvLanguage, keyLanguage},
	} {
		if err := c.Settings.set(kv.key, env(kv.name)); err != nil {
			return api.Errorf("environment %s: %w", kv.name, err)
		}
	}
	if user := env(EnvAPIUser); user != "" {
		c.APIUser = user
	}
	c.Token = Secret(env(EnvToken))
	c.APIPassword = Secret(env(EnvAPIPassword))
	c.ClientSecret = Secret(env(EnvClientSecret))
	return nil
}

// The keys of the config file.
const (
	keyBaseURL      = "base_url"
	keyAuthURL      = "auth_url"
	keyWebURL       = "web_url"
	keyClientID     = "client_id"
	keyRedirectPort = "redirect_port"
	keyScopes       = "scopes"
	keyWorkspace    = "workspace"
	keyTheme        = "theme"
	keyProfile      = "profile"
	keyRateLimit    = "rate_limit"
	keyLanguage     = "language"
	keyProfiles     = "profiles"
	keyKeys         = "keys"
	keyCommands     = "commands"
	keyViews        = "views"
)

// errUnknownKey is returned by set for a key that is not a setting.
var errUnknownKey = api.Errorf("unknown setting")

var errWorkspace = api.Errorf("want a workspace id, a whole number such as 10022001")

// set parses raw text into the setting named key; an empty raw leaves the
// setting as it is. Its errors never repeat the value of a URL, which might
// hold a password.
func (s *Settings) set(key, raw string) error {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return nil
	}
	switch key {
	case keyBaseURL:
		return setURL(&s.BaseURL, raw)
	case keyAuthURL:
		return setURL(&s.AuthURL, raw)
	case keyWebURL:
		return setURL(&s.WebURL, raw)
	case keyClientID:
		s.ClientID = raw
	case keyScopes:
		s.Scopes = strings.Join(strings.Fields(raw), " ")
	case keyRateLimit:
		if _, _, err := api.ParseRate(raw); err != nil {
			return err
		}
		s.RateLimit = raw
	case keyTheme:
		switch raw {
		case ThemeAuto, ThemeDark, ThemeLight:
			s.Theme = raw
		default:
			return api.Errorf("want %s, %s or %s", ThemeAuto, ThemeDark, ThemeLight)
		}
	case keyLanguage:
		switch raw {
		case "zh-CN", "en", "auto":
			s.Language = raw
		default:
			return api.Errorf("want zh-CN, en or auto")
		}
	case keyRedirectPort:
		port, err := strconv.Atoi(raw)
		if err != nil {
			return api.Errorf("want a port number, or 0 for any free port")
		}
		if err := checkPort(port); err != nil {
			return err
		}
		s.RedirectPort = port
	case keyProfile:
		if !profileName.MatchString(raw) {
			return api.Errorf("want a profile's name: letters, digits, '.', '_' and '-'")
		}
		s.Profile = raw
	case keyWorkspace:
		id, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || id < 0 {
			return errWorkspace
		}
		s.Workspace = id
	default:
		return errUnknownKey
	}
	return nil
}

func checkPort(port int) error {
	if port < 0 || port > 65535 {
		return api.Errorf("want a port from 1 to 65535, or 0 for any free port, got %d", port)
	}
	return nil
}

// setURL accepts an absolute http or https URL without credentials in it
// and stores it without trailing slashes.
func setURL(dst *string, raw string) error {
	if _, err := parseHTTPURL(raw); err != nil {
		return err
	}
	*dst = strings.TrimRight(raw, "/")
	return nil
}

// parseHTTPURL accepts an absolute http or https URL without a user or
// password in it. Its errors never repeat the URL, which might hold one.
func parseHTTPURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, api.Errorf("not a URL; write it as https://host")
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return nil, api.Errorf("want an absolute http or https URL, such as https://api.tapd.cn")
	}
	if u.User != nil {
		return nil, api.Errorf("a URL may not hold a user or password; use `triage login`, or TRIAGE_API_USER and TRIAGE_API_PASSWORD")
	}
	return u, nil
}
