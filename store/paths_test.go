package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestPathsInLaysOutUnderRoot(t *testing.T) {
	root := t.TempDir()
	p := PathsIn(root)
	for name, path := range map[string]string{
		"ConfigFile":      p.ConfigFile,
		"CredentialsFile": p.CredentialsFile,
		"CacheDir":        p.CacheDir,
		"StateDir":        p.StateDir,
		"LogDir":          p.LogDir,
	} {
		if !strings.HasPrefix(path, root+string(filepath.Separator)) {
			t.Errorf("%s = %q, want it under %q", name, path, root)
		}
	}
}

func TestEnsureCreatesPrivateDirectories(t *testing.T) {
	p := PathsIn(filepath.Join(t.TempDir(), "triage"))
	if err := p.Ensure(); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{
		filepath.Dir(p.ConfigFile), filepath.Dir(p.CredentialsFile), p.CacheDir, p.StateDir, p.LogDir,
	} {
		info, err := os.Stat(dir)
		if err != nil {
			t.Fatal(err)
		}
		if !info.IsDir() || info.Mode().Perm() != 0o700 {
			t.Errorf("%s: mode %v, want a 0700 directory", dir, info.Mode())
		}
	}
	if err := p.Ensure(); err != nil {
		t.Errorf("second Ensure: %v", err)
	}
}

func TestEnsureReportsWhatItCannotCreate(t *testing.T) {
	root := t.TempDir()
	blocker := filepath.Join(root, "file")
	if err := os.WriteFile(blocker, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	err := PathsIn(blocker).Ensure()
	if err == nil || !strings.Contains(err.Error(), blocker) {
		t.Errorf("Ensure under a file: err = %v, want one naming %s", err, blocker)
	}
}

func TestPathsFrom(t *testing.T) {
	tests := []struct {
		name                           string
		config, data, cache, state     string
		wantErr                        bool
		wantConfig, wantCreds, wantLog string
	}{
		{
			name:   "xdg layout",
			config: "/h/.config", data: "/h/.local/share", cache: "/h/.cache", state: "/h/.local/state",
			wantConfig: "/h/.config/triage/config.yaml",
			wantCreds:  "/h/.local/share/triage/credentials",
			wantLog:    "/h/.local/state/triage/log",
		},
		{name: "relative base", config: ".config", data: "/d", cache: "/c", state: "/s", wantErr: true},
		{name: "empty base", config: "/c", data: "", cache: "/c", state: "/s", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := pathsFrom(tt.config, tt.data, tt.cache, tt.state)
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, want error %v", err, tt.wantErr)
			}
			if tt.wantErr {
				return
			}
			got := []string{p.ConfigFile, p.CredentialsFile, p.LogDir}
			want := []string{filepath.FromSlash(tt.wantConfig), filepath.FromSlash(tt.wantCreds), filepath.FromSlash(tt.wantLog)}
			for i := range got {
				if got[i] != want[i] {
					t.Errorf("path %d = %q, want %q", i, got[i], want[i])
				}
			}
		})
	}
}

func TestDefaultPathsAreAbsolute(t *testing.T) {
	p, err := DefaultPaths()
	if err != nil {
		t.Skipf("no usable home directory here: %v", err)
	}
	for _, path := range []string{p.ConfigFile, p.CredentialsFile, p.CacheDir, p.StateDir, p.LogDir} {
		if !filepath.IsAbs(path) || !strings.Contains(path, "triage") {
			t.Errorf("default path %q is not an absolute triage path", path)
		}
	}
}
