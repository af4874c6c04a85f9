// Package clitest runs the command line's commands in process in tests: a
// temporary home for every file triage keeps, and the local TAPD service
// on a loopback address with a demo user's token.
package clitest

import (
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adrg/xdg"

	"triage/api/sandbox"
	"triage/ui/cli/wiring"
)

// Home points the XDG directories at a temporary home for the test (they
// are read once per process, so they are reloaded) and returns it.
func Home(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	for name, dir := range map[string]string{"XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data", "XDG_CACHE_HOME": "cache", "XDG_STATE_HOME": "state"} {
		t.Setenv(name, filepath.Join(home, dir))
	}
	xdg.Reload()
	t.Cleanup(xdg.Reload)
	return home
}

// Start starts the local service for the test on a loopback address and
// returns its address and demo accounts.
func Start(t *testing.T) (string, sandbox.DemoInfo) {
	t.Helper()
	srv, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	return hs.URL, srv.Demo()
}

// Service starts the local service for the test and returns the
// environment that reaches it as the demo user, in workspace 10022001.
func Service(t *testing.T) map[string]string {
	t.Helper()
	base, demo := Start(t)
	return map[string]string{"TRIAGE_BASE_URL": base, "TRIAGE_WORKSPACE": "10022001", "TRIAGE_TOKEN": demo.Users[0].PersonalToken}
}

// Factory is a command line with env as its whole environment, no
// terminal, and its output kept in out and errOut.
func Factory(env map[string]string, out, errOut *strings.Builder) *wiring.Factory {
	return &wiring.Factory{Stdin: strings.NewReader(""), Stdout: out, Stderr: errOut, Env: func(name string) string { return env[name] }}
}
