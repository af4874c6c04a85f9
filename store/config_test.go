package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// envOf turns a map into an env lookup, as os.Getenv would be.
func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func writeConfigFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

func intPtr(n int) *int { return &n }

func TestLoadConfigPrecedence(t *testing.T) {
	const file = `base_url: https://file.example/
auth_url: https://auth.file.example
client_id: file-client
redirect_port: 8400
scopes: story#read
workspace: 111
theme: dark
`
	tests := []struct {
		name  string
		file  string
		env   map[string]string
		flags Overrides
		want  Config
	}{
		{
			name: "defaults without a file",
			want: Config{Settings: defaultSettings()},
		},
		{
			name: "file over defaults",
			file: file,
			want: Config{Settings: Settings{
				BaseURL: "https://file.example", AuthURL: "https://auth.file.example", WebURL: DefaultWebURL,
				ClientID: "file-client", RedirectPort: 8400, Scopes: "story#read", Workspace: 111, Theme: "dark",
			}},
		},
		{
			name: "environment over file",
			file: file,
			env: map[string]string{
				EnvBaseURL: "http://127.0.0.1:8080/", EnvWebURL: "http://127.0.0.1:8080",
				EnvClientID: "env-client", EnvWorkspace: "222",
				EnvToken: "tok", EnvAPIUser: "bot", EnvAPIPassword: "pw", EnvClientSecret: "cs",
			},
			want: Config{
				Settings: Settings{
					BaseURL: "http://127.0.0.1:8080", AuthURL: "https://auth.file.example", WebURL: "http://127.0.0.1:8080",
					ClientID: "env-client", RedirectPort: 8400, Scopes: "story#read", Workspace: 222, Theme: "dark",
				},
				APIUser: "bot", Token: "tok", APIPassword: "pw", ClientSecret: "cs",
			},
		},
		{
			name: "flags over environment",
			file: file,
			env:  map[string]string{EnvBaseURL: "http://127.0.0.1:8080", EnvWorkspace: "222"},
			flags: Overrides{
				BaseURL: "http://127.0.0.1:9090", ClientID: "flag-client", RedirectPort: intPtr(0),
				Scopes: " bug#read   bug#write ", Workspace: 333, Theme: "light",
			},
			want: Config{Settings: Settings{
				BaseURL: "http://127.0.0.1:9090", AuthURL: "https://auth.file.example", WebURL: DefaultWebURL,
				ClientID: "flag-client", RedirectPort: 0, Scopes: "bug#read bug#write", Workspace: 333, Theme: "light",
			}},
		},
		{
			name: "environment workspace 0 clears the file's",
			file: file,
			env:  map[string]string{EnvWorkspace: "0"},
			want: Config{Settings: Settings{
				BaseURL: "https://file.example", AuthURL: "https://auth.file.example", WebURL: DefaultWebURL,
				ClientID: "file-client", RedirectPort: 8400, Scopes: "story#read", Workspace: 0, Theme: "dark",
			}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			paths := PathsIn(t.TempDir())
			if tt.file != "" {
				writeConfigFile(t, paths.ConfigFile, tt.file)
			}
			cfg, err := LoadConfig(paths, envOf(tt.env))
			if err != nil {
				t.Fatal(err)
			}
			if err := cfg.Override(tt.flags); err != nil {
				t.Fatal(err)
			}
			tt.want.Path = paths.ConfigFile
			if cfg != tt.want {
				t.Errorf("config\n got %+v\nwant %+v", cfg, tt.want)
			}
			if cfg.Token.Reveal() != tt.want.Token.Reveal() {
				t.Errorf("token differs")
			}
		})
	}
}

func TestLoadConfigNamedByEnvironment(t *testing.T) {
	root := t.TempDir()
	paths := PathsIn(root)
	writeConfigFile(t, paths.ConfigFile, "theme: dark\n")
	other := filepath.Join(root, "other.yaml")
	writeConfigFile(t, other, "theme: light\n")

	cfg, err := LoadConfig(paths, envOf(map[string]string{EnvConfig: other}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Theme != "light" || cfg.Path != other {
		t.Errorf("theme %q from %q, want light from %q", cfg.Theme, cfg.Path, other)
	}

	missing := filepath.Join(root, "typo.yaml")
	_, err = LoadConfig(paths, envOf(map[string]string{EnvConfig: missing}))
	if !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), EnvConfig) {
		t.Errorf("missing named config: err = %v, want ErrNotExist naming %s and %s", err, missing, EnvConfig)
	}
}

func TestLoadConfigRejectsBadValues(t *testing.T) {
	const password = "hunter2-pw"
	tests := []struct {
		name     string
		file     string
		env      map[string]string
		flags    Overrides
		wantText []string
	}{
		{name: "env workspace not a number", env: map[string]string{EnvWorkspace: "abc"},
			wantText: []string{EnvWorkspace, "workspace id"}},
		{name: "env base url without scheme", env: map[string]string{EnvBaseURL: "api.tapd.cn"},
			wantText: []string{EnvBaseURL, "https://"}},
		{name: "env url holding a password", env: map[string]string{EnvAuthURL: "https://me:" + password + "@www.tapd.cn"},
			wantText: []string{EnvAuthURL, "user or password"}},
		{name: "flag port out of range", flags: Overrides{RedirectPort: intPtr(70000)},
			wantText: []string{"flag redirect_port", "65535"}},
		{name: "flag negative workspace", flags: Overrides{Workspace: -1},
			wantText: []string{"flag workspace"}},
		{name: "flag url holding a password", flags: Overrides{WebURL: "https://me:" + password + "@www.tapd.cn"},
			wantText: []string{"flag web_url"}},
		{name: "flag url of another scheme", flags: Overrides{BaseURL: "ftp://x"},
			wantText: []string{"flag base_url", "http"}},
		{name: "flag unknown theme", flags: Overrides{Theme: "solarized"},
			wantText: []string{"flag theme", "auto, dark or light"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			paths := PathsIn(t.TempDir())
			cfg, err := LoadConfig(paths, envOf(tt.env))
			if err == nil {
				before := cfg
				err = cfg.Override(tt.flags)
				if cfg != before {
					t.Errorf("a failed Override changed the config")
				}
			}
			if err == nil {
				t.Fatal("bad value accepted")
			}
			for _, want := range tt.wantText {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
			assertNoSecret(t, "error", err.Error(), password)
		})
	}
}
