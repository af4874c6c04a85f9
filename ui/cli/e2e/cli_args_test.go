package e2e

import (
	"strings"
	"testing"
)

// TestGlobalFlagsBeforeOrAfterTheCommand: global flags may come before the
// command, every hint names a command that exists, and --version and -v
// print the version.
func TestGlobalFlagsBeforeOrAfterTheCommand(t *testing.T) {
	env := homeEnv(t.TempDir(), "TRIAGE_BASE_URL=http://127.0.0.1:1")
	tests := []struct {
		args   []string
		code   int
		says   string // on stdout and stderr
		denies string
	}{
		{[]string{"--workspace", "1", "status", "--offline"}, 1, "Status:     ✗ Not logged in", "triage triage"},
		{[]string{"status", "--offline", "--workspace", "1"}, 1, "Status:     ✗ Not logged in", "takes no arguments"},
		{[]string{"--workspace=1", "--insecure-storage", "status", "--offline"}, 1, "Status:     ✗ Not logged in", "takes no arguments"},
		{[]string{"--workspace", "1", "frobnicate"}, 2, `triage: unknown command "frobnicate" (see 'triage help')`, "triage triage"},
		{[]string{"status", "extra"}, 2, `status takes no arguments (got "extra"); see 'triage status --help'`, "triage triage"},
		{[]string{"--version"}, 0, "triage ", "unknown"},
		{[]string{"-v"}, 0, "triage ", "unknown"},
		{[]string{"--help"}, 0, "Global flags (before or after the command):", "Global flags (after"},
	}
	for _, tt := range tests {
		out, errOut, code := runBinary(t, env, "", tt.args...)
		all := out + errOut
		t.Logf("$ triage %s\n# exit %d\n%s", strings.Join(tt.args, " "), code, all)
		if code != tt.code || !strings.Contains(all, tt.says) || strings.Contains(all, tt.denies) {
			t.Errorf("triage %s: exit %d, want %d, saying %q and not %q:\n%s", strings.Join(tt.args, " "), code, tt.code, tt.says, tt.denies, all)
		}
	}
}
