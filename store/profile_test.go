package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zalando/go-keyring"
)

const profilesFile = `base_url: https://api.tapd.cn
workspace: 1
profile: work
profiles:
  work:
    base_url: http://127.0.0.1:9001/
    web_url: http://127.0.0.1:9001
    workspace: 10022001
  home:
    base_url: http://127.0.0.1:9002
`

// TestProfileSettings: the file's profile: picks one, TRIAGE_PROFILE wins
// over it, a profile's settings win over the file's and the environment's
// over both.
func TestProfileSettings(t *testing.T) {
	paths := PathsIn(t.TempDir())
	writeConfigFile(t, paths.ConfigFile, profilesFile)
	tests := []struct {
		name      string
		env       map[string]string
		profile   string
		base      string
		workspace int64
	}{
		{"the file's", nil, "work", "http://127.0.0.1:9001", 10022001},
		{"the environment's", map[string]string{EnvProfile: "home"}, "home", "http://127.0.0.1:9002", 1},
		{"a URL from the environment", map[string]string{EnvProfile: "home", EnvBaseURL: "http://127.0.0.1:7"}, "home", "http://127.0.0.1:7", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := LoadConfig(paths, envOf(tt.env))
			if err != nil {
				t.Fatal(err)
			}
			if cfg.ProfileName != tt.profile || cfg.BaseURL != tt.base || cfg.Workspace != tt.workspace {
				t.Errorf("profile %q, base %q, workspace %d; want %q, %q, %d", cfg.ProfileName, cfg.BaseURL, cfg.Workspace, tt.profile, tt.base, tt.workspace)
			}
			if got := strings.Join(cfg.ProfileNames(), ","); got != "work,home" {
				t.Errorf("profiles %s, want work,home in the file's order", got)
			}
		})
	}
	_, err := LoadConfig(paths, envOf(map[string]string{EnvProfile: "play"}))
	if err == nil || !strings.Contains(err.Error(), `unknown profile "play"`) || !strings.Contains(err.Error(), "work, home") {
		t.Errorf("an unknown profile gives %v, want its name and the profiles", err)
	}
}

// TestProfileErrorsNameTheLine: a broken profile is named with its line.
func TestProfileErrorsNameTheLine(t *testing.T) {
	tests := []struct{ file, want string }{
		{"profiles:\n  work:\n    token: x\n", "line 3: token is a secret"},
		{"profiles:\n  work:\n    theme: dark\n", `line 3: profile work: unknown setting "theme"`},
		{"profiles:\n  work:\n    base_url: ftp://x\n", "line 3: profile work: base_url"},
		{"profiles:\n  a b:\n    base_url: http://x\n", `line 2: profile name "a b"`},
		{"profiles: [work]\n", "line 1: profiles: want one `name:` per profile"},
		{"profile: work\n", `unknown profile "work"`},
	}
	for _, tt := range tests {
		paths := PathsIn(t.TempDir())
		writeConfigFile(t, paths.ConfigFile, tt.file)
		_, err := LoadConfig(paths, envOf(nil))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q gives %v, want %q", tt.file, err, tt.want)
		}
	}
}

// TestProfilesKeepTheirFilesApart: a named profile has its own credential
// file, cache, state (outbox) and keyring entries; the default keeps the
// places it had before profiles.
func TestProfilesKeepTheirFilesApart(t *testing.T) {
	root := t.TempDir()
	def, work := PathsIn(root), PathsIn(root).ForProfile("work")
	if def.ForProfile("") != def {
		t.Error("the default profile moved its files")
	}
	for _, pair := range [][2]string{{def.CredentialsFile, work.CredentialsFile}, {def.CacheDir, work.CacheDir}, {def.StateDir, work.StateDir}} {
		if pair[0] == pair[1] || !strings.HasPrefix(pair[1], filepath.Dir(pair[0])) {
			t.Errorf("work's %s is not apart from %s", pair[1], pair[0])
		}
	}
	keyring.MockInit()
	ctx := context.Background()
	a, b := NewKeyring(), NewKeyring()
	b.Profile = "work"
	cred := Credential{Method: "token", Token: "tok-a"}
	if err := a.Set(ctx, "http://127.0.0.1:9001", cred); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Get(ctx, "http://127.0.0.1:9001"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the work profile reads the default's credential (err %v)", err)
	}
}

// TestRememberWorkspaceOfAProfile: the board's last workspace goes to the
// active profile's entry, and the other settings and comments stay.
func TestRememberWorkspaceOfAProfile(t *testing.T) {
	paths := PathsIn(t.TempDir())
	writeConfigFile(t, paths.ConfigFile, "# mine\n"+profilesFile)
	cfg, err := LoadConfig(paths, envOf(map[string]string{EnvProfile: "home"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := RememberWorkspace(cfg, 42); err != nil {
		t.Fatal(err)
	}
	again, err := LoadConfig(paths, envOf(map[string]string{EnvProfile: "home"}))
	if err != nil {
		t.Fatal(err)
	}
	work, err := LoadConfig(paths, envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	if again.Workspace != 42 || work.Workspace != 10022001 || again.Profile != "work" {
		t.Errorf("home opens %d (want 42), work %d (want 10022001), profile: %q (want work)", again.Workspace, work.Workspace, again.Profile)
	}
	data, _ := os.ReadFile(paths.ConfigFile)
	if !strings.HasPrefix(string(data), "# mine") {
		t.Errorf("the comment went:\n%s", data)
	}
}
