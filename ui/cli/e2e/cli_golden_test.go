package e2e

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/NAME, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run with -update and look at the diff):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestCLIGolden runs the built binary and compares what it prints, exit
// code, stdout and stderr, with the golden files.
func TestCLIGolden(t *testing.T) {
	bin := triageBinary(t)
	tests := []struct {
		name string
		args []string
	}{
		{"help", []string{"--help"}},
		{"help_login", []string{"help", "login"}},
		{"login_help", []string{"login", "--help"}},
		{"unknown_flag", []string{"login", "--bogus"}},
		{"unknown_command", []string{"frobnicate"}},
		{"completion_bash", []string{"completion", "bash"}},
		{"completion_zsh", []string{"completion", "zsh"}},
		{"completion_fish", []string{"completion", "fish"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(bin, tt.args...)
			cmd.Env = []string{"HOME=" + t.TempDir()}
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			code := 0
			if err := cmd.Run(); err != nil {
				var exit *exec.ExitError
				if !errors.As(err, &exit) {
					t.Fatal(err)
				}
				code = exit.ExitCode()
			}
			golden(t, filepath.Join("cli", tt.name+".golden"),
				"$ triage "+strings.Join(tt.args, " ")+"\n# exit "+strconv.Itoa(code)+"\n# stdout\n"+out.String()+"# stderr\n"+errOut.String())
		})
	}
}
