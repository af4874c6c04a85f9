package e2e

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// leaks looks for known secrets (passwords, client secrets, tokens, codes)
// in what the app showed and in the files it wrote.
type leaks struct {
	t       *testing.T
	secrets map[string]string // name → value
}

func newLeaks(t *testing.T) *leaks { return &leaks{t: t, secrets: map[string]string{}} }

// add names a secret to look for; empty values are ignored.
func (l *leaks) add(name, value string) {
	if value != "" {
		l.secrets[name] = value
	}
}

// found lists the names of the secrets data holds, sorted.
func (l *leaks) found(data []byte) []string {
	var out []string
	for name, v := range l.secrets {
		if bytes.Contains(data, []byte(v)) {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// inText fails the test when text (stdout, stderr, a screen) holds a secret.
func (l *leaks) inText(where, text string) {
	l.t.Helper()
	if names := l.found([]byte(text)); len(names) > 0 {
		l.t.Errorf("%s shows %s:\n%s", where, strings.Join(names, ", "), text)
	}
}

// inFiles fails the test when a file under root, other than the credential
// store, holds a secret. It returns how many files it read.
func (l *leaks) inFiles(root, credentials string) int {
	l.t.Helper()
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path == credentials || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n++
		if names := l.found(data); len(names) > 0 {
			l.t.Errorf("%s holds %s", path, strings.Join(names, ", "))
		}
		return nil
	})
	if err != nil {
		l.t.Fatal(err)
	}
	return n
}

// privateCredentials checks that the credentials file is 0600 in a 0700 directory.
func privateCredentials(t *testing.T, path string) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatalf("the credentials file: %v", err)
	}
	if mode := fi.Mode().Perm(); mode != 0o600 {
		t.Errorf("%s has mode %#o, want 0600", path, mode)
	}
	di, err := os.Stat(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	if mode := di.Mode().Perm(); mode != 0o700 {
		t.Errorf("%s has mode %#o, want 0700", filepath.Dir(path), mode)
	}
}

// homeEnv is the environment of app runs that keep every file under home
// and take no credential or setting from the person running the tests.
func homeEnv(home string, settings ...string) []string {
	env := []string{
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"TERM=xterm-256color",
		"TRIAGE_CONFIG=", "TRIAGE_TOKEN=", "TRIAGE_API_USER=", "TRIAGE_API_PASSWORD=",
		"TRIAGE_CLIENT_SECRET=", "TRIAGE_WORKSPACE=", "TRIAGE_BROWSER=", "BROWSER=",
	}
	return append(env, settings...)
}

// credentialsPath is where the app keeps the credentials file under home.
func credentialsPath(home string) string {
	return filepath.Join(home, "data", "triage", "credentials")
}
