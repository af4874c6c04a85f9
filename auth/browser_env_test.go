package auth

import (
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// recordEnv is a shell program's body that records its environment in out.
func recordEnv(out string) string { return "export -p > '" + out + "'\n" }

// TestBrowserStartsWithoutSecrets: the browser, named or the system's,
// starts through the launcher: none of triage's variables (its credentials
// among them) nor any other secret reaches it, and the rest does.
func TestBrowserStartsWithoutSecrets(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("shell script browser and xdg-open")
	}
	tests := []struct {
		name string
		env  func(t *testing.T, dir, out string) map[string]string
	}{
		{name: "named in TRIAGE_BROWSER", env: func(t *testing.T, dir, out string) map[string]string {
			return map[string]string{EnvTriageBrowser: writeScript(t, dir, "browser", recordEnv(out))}
		}},
		{name: "the system's, by xdg-open", env: func(t *testing.T, dir, out string) map[string]string {
			writeScript(t, dir, "xdg-open", recordEnv(out))
			t.Setenv("PATH", dir)
			return map[string]string{"DISPLAY": ":0"}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("TRIAGE_TOKEN", "sekrit-token")
			t.Setenv("TRIAGE_CLIENT_SECRET", "sekrit-client")
			t.Setenv("GITHUB_TOKEN", "sekrit-github")
			t.Setenv("TRIAGE_WORKSPACE", "sekrit-workspace")
			t.Setenv("PAGER", "kept-pager")
			dir := t.TempDir()
			out := filepath.Join(dir, "env.out")
			open := NewDefaultBrowserOpener(envOf(tt.env(t, dir, out)))
			if err := open("http://127.0.0.1:9/"); err != nil {
				t.Fatalf("open: %v", err)
			}
			env := readWhenWritten(t, out)
			if strings.Contains(env, "sekrit") {
				t.Errorf("triage's variable or a secret reaches the browser:\n%s", env)
			}
			if !strings.Contains(env, "kept-pager") {
				t.Errorf("the rest of the environment is lost:\n%s", env)
			}
		})
	}
}
