package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSavedViewAndLastFilterComeBack: b lists the config's saved views and
// opens one (kind, filter, list mode); a filter typed then, the kind and
// the focused item come back when triage starts again.
func TestSavedViewAndLastFilterComeBack(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	env := appEnv(t, s, s.env["TRIAGE_BASE_URL"])
	writeAppConfig(t, env, `views:
  - name: high bugs
    kind: bug
    query: prio:high
    mode: list
    sort: -id
  - name: my stories
    key: "B"
    kind: story
    query: owner:@me
`)
	term := startTerminal(t, 160, 40, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240")
	term.Send(":")
	term.WaitFor(10*time.Second, "Saved views", "high bugs", "my stories")
	term.Send("Enter")
	term.WaitFor(20*time.Second, "of 180 bugs", "prio:high")
	term.Send("/")
	term.Type(" crash")
	term.Send("Enter", "j")
	first := term.WaitFor(10*time.Second, "prio:high crash")
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Fatalf("triage ended with %s", exit)
	}
	var stateFile string
	for _, kv := range env {
		if dir, ok := strings.CutPrefix(kv, "XDG_STATE_HOME="); ok {
			stateFile = filepath.Join(dir, "triage", "board-view.json")
		}
	}
	data, err := os.ReadFile(stateFile)
	if err != nil || !strings.Contains(string(data), `"query": "prio:high crash"`) || !strings.Contains(string(data), `"view": "high bugs"`) {
		t.Fatalf("the board's view was kept as %s (%v)", data, err)
	}

	again := startTerminal(t, 160, 40, env, triageBinary(t), "--insecure-storage")
	screen := again.WaitFor(20*time.Second, "of 180 bugs", "prio:high crash")
	if got, want := cursorLine(screen), cursorLine(first); got == "" || got != want {
		t.Errorf("the list and its focused item did not come back: the cursor is on\n%q\nwant\n%q\n%s", got, want, screen)
	}
	again.Send("B")
	again.WaitFor(20*time.Second, "owner:@me", "demo, alice")
	again.Send("q")
	if exit := again.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}
}

// cursorLine is the line of a screen the cursor (▌) is on.
func cursorLine(screen string) string {
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, "▌") {
			return strings.TrimSpace(l)
		}
	}
	return ""
}
