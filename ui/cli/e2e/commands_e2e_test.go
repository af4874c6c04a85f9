package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCustomCommandRunsOnTheFocusedItem: a key of commands: runs a program
// on the focused item, without a shell, its output in a box; a shell entry
// gets the item's values quoted and no credential in its environment.
func TestCustomCommandRunsOnTheFocusedItem(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	env := appEnv(t, s, s.env["TRIAGE_BASE_URL"])
	out := t.TempDir()
	writeAppConfig(t, env, `commands:
  - name: show the item
    key: C
    run: [echo, "item {{.ShortID}} {{.Kind}} {{.Priority}} in {{.Workspace}}: {{.Title}}"]
  - name: keep the title
    key: ctrl+x
    shell: printf '%s\n' {{.Title}} > `+filepath.Join(out, "title")+`; env > `+filepath.Join(out, "env")+`
    output: discard
`)
	term := startTerminal(t, 160, 60, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240")
	term.Send("?")
	term.Send("G") // the user's keys are the help's last group
	term.WaitFor(10*time.Second, "C          show the item", "ctrl+x     keep the title")
	term.Send("q")
	term.WaitFor(10*time.Second, "Stories 240")
	term.Send("C")
	screen := term.WaitFor(10*time.Second, "show the item", "in 10022001: ", "any key closes")
	if !strings.Contains(screen, "item ") || !strings.Contains(screen, " story ") {
		t.Errorf("the box does not show the item:\n%s", screen)
	}
	term.Send("Space")
	term.Send("C-x")
	term.WaitFor(10*time.Second, "keep the title: done")
	title, err := os.ReadFile(filepath.Join(out, "title"))
	if err != nil || len(strings.TrimSpace(string(title))) < 5 {
		t.Errorf("the shell command wrote %q (%v)", title, err)
	}
	envText, err := os.ReadFile(filepath.Join(out, "env"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(envText), "TRIAGE_") || strings.Contains(string(envText), s.env["TRIAGE_TOKEN"]) {
		t.Errorf("a credential reached the command's environment:\n%s", envText)
	}
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}
}
