package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// writeAppConfig writes the config file of an appEnv home.
func writeAppConfig(t *testing.T, env []string, text string) {
	t.Helper()
	for _, kv := range env {
		if dir, ok := strings.CutPrefix(kv, "XDG_CONFIG_HOME="); ok {
			path := filepath.Join(dir, "triage", "config.yaml")
			if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatal("the environment names no XDG_CONFIG_HOME")
}

// TestRemappedKeysDriveTheBoard: keys: in the config remaps an action by its
// name; the new key moves a card in the service, and ? help and the help
// line show the user's keys.
func TestRemappedKeysDriveTheBoard(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	rec := &recorder{}
	proxy := rec.wrap(t, s.env["TRIAGE_BASE_URL"])
	env := appEnv(t, s, proxy.URL)
	writeAppConfig(t, env, "keys:\n  board:\n    next-priority: [\"]\", \"L\"]\n    preview-pane: \"ctrl+p\"\n")

	term := startTerminal(t, 160, 70, env, triageBinary(t), "--insecure-storage") // tall enough for every key of ? help
	term.WaitFor(20*time.Second, "Stories 240", "]/L next priority")
	term.Send("Tab")
	term.WaitFor(20*time.Second, "Bugs 180", "180 bugs")
	term.Send("l", "L")
	term.WaitFor(20*time.Second, "紧急 → 高")
	if w := rec.written(); len(w) != 1 || w[0].Get("priority_label") != "high" {
		t.Errorf("L sent %v, want one write of priority_label high", w)
	}
	term.Send("?")
	screen := term.WaitFor(10*time.Second, "]/L", "next priority", "ctrl+p", "preview pane")
	if strings.Contains(screen, "P     preview pane") || strings.Contains(screen, "P preview pane") {
		t.Errorf("help still shows P for the preview:\n%s", screen)
	}
	term.Send("q") // closes the help
	term.WaitFor(10*time.Second, "180 bugs")
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}
}

// TestBrokenKeysNameTheLine: an unknown action, an unknown view and a key
// bound twice in one view stop every command with the line to correct.
func TestBrokenKeysNameTheLine(t *testing.T) {
	tests := []struct{ config, want string }{
		{"theme: dark\nkeys:\n  board:\n    next-prio: L\n", `line 4: keys: board has no action "next-prio"; its actions are column-left`},
		{"keys:\n  bored:\n    next-priority: L\n", `keys: unknown view "bored"; the views are app, board, editor`},
		{"keys:\n  board:\n    next-priority: [\"]\", L]\n    refresh: L\n", `line 4: keys: "L" is bound twice in board: to next-priority and to refresh`},
		{"keys:\n  board:\n    refresh: p\n", `line 3: keys: "p" is bound twice in board: to pick-priority and to refresh`},
		{"commands:\n  - key: u\n    run: [echo]\n", `line 2: keys: "u" is bound twice in board: to undo-last-change and to command run echo`},
		{"views:\n  - name: mine\n    key: \"!\"\n", `line 2: keys: "!" is bound twice in board: to app recent-errors-in-full and to view mine`},
	}
	for _, tt := range tests {
		home := t.TempDir()
		env := homeEnv(home)
		writeAppConfig(t, env, tt.config)
		_, errOut, code := runBinary(t, env, "", "status", "--offline")
		if code != 1 || !strings.Contains(errOut, "config "+filepath.Join(home, "config", "triage", "config.yaml")+": ") || !strings.Contains(errOut, tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want %q", tt.config, code, errOut, tt.want)
		}
	}
}

// TestReadmeConfigLoads: the README's example of the settings is a config
// triage takes.
func TestReadmeConfigLoads(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(moduleRoot(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "```yaml\n")
	block, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("the README has no yaml block")
	}
	path := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(path, []byte(block), 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runBinary(t, append(homeEnv(t.TempDir()), "TRIAGE_CONFIG="+path), "", "profile", "list")
	if code != 0 || out != "* default\n  work\n  play\n" {
		t.Errorf("profile list with the README's config: exit %d\n%s%s", code, out, errOut)
	}
}
