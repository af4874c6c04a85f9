package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMalformedConfigNamesPathAndLine(t *testing.T) {
	const secret = "tok-abcdef123456"
	tests := []struct {
		name     string
		file     string
		wantLine string
		wantText string
	}{
		{name: "syntax", file: "theme: dark\nbase_url: [\n", wantLine: "line 2", wantText: ""},
		{name: "bad indentation", file: "theme: dark\n  workspace: 1\n", wantLine: "line 2"},
		{name: "not a mapping", file: "- a\n- b\n", wantLine: "line 1", wantText: "key: value"},
		{name: "unknown key", file: "theme: dark\n\nworkspce: 1\n", wantLine: "line 3", wantText: `unknown setting "workspce"`},
		{name: "workspace not a number", file: "workspace: " + secret + "\n", wantLine: "line 1", wantText: "workspace id"},
		{name: "port not a number", file: "theme: dark\nredirect_port: " + secret + "\n", wantLine: "line 2", wantText: "port"},
		{name: "port out of range", file: "redirect_port: 99999\n", wantLine: "line 1", wantText: "65535"},
		{name: "url holding a password", file: "base_url: https://u:" + secret + "@h\n", wantLine: "line 1", wantText: "user or password"},
		{name: "list value", file: "theme:\n  - dark\n", wantLine: "line 2", wantText: "single value"},
		{name: "set twice", file: "theme: dark\ntheme: light\n", wantLine: "line 2", wantText: "first on line 1"},
		{name: "token in the file", file: "theme: dark\ntoken: " + secret + "\n", wantLine: "line 2", wantText: EnvToken},
		{name: "client secret in the file", file: "client_secret: " + secret + "\n", wantLine: "line 1", wantText: EnvClientSecret},
		{name: "api password in the file", file: "api_password: " + secret + "\n", wantLine: "line 1", wantText: EnvAPIPassword},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			paths := PathsIn(t.TempDir())
			writeConfigFile(t, paths.ConfigFile, tt.file)
			_, err := LoadConfig(paths, envOf(nil))
			if err == nil {
				t.Fatal("malformed config accepted")
			}
			msg := err.Error()
			prefix := "config " + paths.ConfigFile + ": " + tt.wantLine + ": "
			if !strings.HasPrefix(msg, prefix) {
				t.Errorf("error %q does not start with %q", msg, prefix)
			}
			if !strings.Contains(msg, tt.wantText) {
				t.Errorf("error %q does not say %q", msg, tt.wantText)
			}
			assertNoSecret(t, "error", msg, secret, secret[:10])
		})
	}
}

func TestConfigWithoutSettings(t *testing.T) {
	for _, text := range []string{"", "# nothing yet\n", "~\n", "theme:\n"} {
		paths := PathsIn(t.TempDir())
		writeConfigFile(t, paths.ConfigFile, text)
		cfg, err := LoadConfig(paths, envOf(nil))
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if cfg.Settings != defaultSettings() {
			t.Errorf("%q: settings %+v, want the defaults", text, cfg.Settings)
		}
	}
}

func TestSaveConfigRoundTrips(t *testing.T) {
	paths := PathsIn(t.TempDir())
	want := Settings{
		BaseURL: "http://127.0.0.1:8080", AuthURL: DefaultAuthURL, WebURL: DefaultWebURL,
		ClientID: "c1", RedirectPort: 8400, Scopes: DefaultScopes, Workspace: 10022001, Theme: "dark",
	}
	if err := SaveConfig(paths.ConfigFile, want); err != nil {
		t.Fatal(err)
	}
	cfg, err := LoadConfig(paths, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Settings != want {
		t.Errorf("read back %+v, want %+v", cfg.Settings, want)
	}
	assertMode(t, paths.ConfigFile, 0o600)
	assertMode(t, filepath.Dir(paths.ConfigFile), 0o700)
	assertOnlyFiles(t, filepath.Dir(paths.ConfigFile), "config.yaml")
}

func TestSavingNeverWritesSecrets(t *testing.T) {
	secrets := map[string]string{
		EnvToken: "tok-aaaa1111", EnvAPIPassword: "pw-bbbb2222", EnvClientSecret: "cs-cccc3333",
	}
	paths := PathsIn(t.TempDir())
	writeConfigFile(t, paths.ConfigFile, "theme: dark\n")
	env := map[string]string{EnvBaseURL: "http://127.0.0.1:1234", EnvAPIUser: "bot"}
	for k, v := range secrets {
		env[k] = v
	}
	cfg, err := LoadConfig(paths, envOf(env))
	if err != nil {
		t.Fatal(err)
	}
	if err := UpdateConfig(cfg.Path, func(s *Settings) { s.Workspace = 42 }); err != nil {
		t.Fatal(err)
	}
	if err := SaveConfig(filepath.Join(filepath.Dir(cfg.Path), "saved.yaml"), cfg.Settings); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"config.yaml", "saved.yaml"} {
		data, err := os.ReadFile(filepath.Join(filepath.Dir(cfg.Path), name))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range secrets {
			assertNoSecret(t, name, string(data), s)
		}
	}
	data, err := os.ReadFile(cfg.Path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "127.0.0.1") || strings.Contains(string(data), "bot") {
		t.Errorf("UpdateConfig wrote environment values back:\n%s", data)
	}
}

func TestUpdateConfig(t *testing.T) {
	tests := []struct {
		name   string
		file   string // "" = no file
		change func(*Settings)
		want   string
	}{
		{
			name:   "creates the file",
			change: func(s *Settings) { s.Workspace = 7 },
			want:   configHeader + "workspace: 7\n",
		},
		{
			name:   "keeps comments and order",
			file:   "# mine\ntheme: dark # night\n# where\nworkspace: 5 # old\nbase_url: https://x.example\n",
			change: func(s *Settings) { s.Workspace = 6 },
			want:   "# mine\ntheme: dark # night\n# where\nworkspace: 6 # old\nbase_url: https://x.example\n",
		},
		{
			name:   "appends and removes keys",
			file:   "theme: dark\nworkspace: 5\n",
			change: func(s *Settings) { s.Theme = ""; s.ClientID = "app" },
			want:   "workspace: 5\nclient_id: app\n",
		},
		{
			name:   "replaces a null document",
			file:   "~\n",
			change: func(s *Settings) { s.Theme = "light" },
			want:   configHeader + "theme: light\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := PathsIn(t.TempDir()).ConfigFile
			if tt.file != "" {
				writeConfigFile(t, path, tt.file)
			}
			if err := UpdateConfig(path, tt.change); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("file\n%s\nwant\n%s", got, tt.want)
			}
			assertOnlyFiles(t, filepath.Dir(path), "config.yaml")
		})
	}
}

func TestUpdateConfigLeavesMalformedFileAlone(t *testing.T) {
	path := PathsIn(t.TempDir()).ConfigFile
	const text = "theme: [\n"
	writeConfigFile(t, path, text)
	err := UpdateConfig(path, func(s *Settings) { s.Workspace = 1 })
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("err = %v, want one naming %s", err, path)
	}
	got, _ := os.ReadFile(path)
	if string(got) != text {
		t.Errorf("malformed file rewritten to %q", got)
	}
}
