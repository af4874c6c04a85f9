package profile

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adrg/xdg"

	"triage/ui/cli/wiring"
)

// TestUseThenList: Run switches the profile the config file names, and
// lists the profiles with the one in use marked, all in process.
func TestUseThenList(t *testing.T) {
	home := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	xdg.Reload()
	t.Cleanup(xdg.Reload)
	config := filepath.Join(home, "triage.yaml")
	if err := os.WriteFile(config, []byte("base_url: http://127.0.0.1:1\nprofiles:\n  work:\n    base_url: http://127.0.0.1:2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	env := func(name string) string {
		if name == "TRIAGE_CONFIG" {
			return config
		}
		return ""
	}
	var out, errOut strings.Builder
	f := &wiring.Factory{Stdout: &out, Stderr: &errOut, Env: env}
	if err := Run(context.Background(), &Options{IO: f, Use: "work"}); err != nil {
		t.Fatal(err)
	}
	if err := Run(context.Background(), &Options{IO: f, List: true}); err != nil {
		t.Fatal(err)
	}
	if errOut.String() != "Now using profile work.\n" || out.String() != "  default\n* work\n" {
		t.Errorf("stdout %q, stderr %q", out.String(), errOut.String())
	}
}

// TestNewCmdRefusesOtherWords: anything but use NAME or list is a usage
// error, before anything is read.
func TestNewCmdRefusesOtherWords(t *testing.T) {
	ran := false
	cmd := NewCmd(func(context.Context, *Options) error { ran = true; return nil })
	err := cmd(&wiring.Factory{}, context.Background(), []string{"switch", "work"})
	if ran || err == nil || !strings.Contains(err.Error(), "want 'triage profile use NAME' or 'triage profile list'") {
		t.Errorf("ran %v, error %v", ran, err)
	}
}
