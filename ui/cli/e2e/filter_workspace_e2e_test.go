package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestFilterIsTrueInEveryWorkspace drives the built binary in tmux against
// `triage serve`: on the Bugs tab iter:@current keeps the bugs of the
// current iteration; w to another workspace keeps the filter and applies it
// to that workspace's bugs, and w back keeps the first workspace's again,
// each as many as `triage list` finds with the same filter.
func TestFilterIsTrueInEveryWorkspace(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	env := appHomeEnv(t.TempDir(), s)
	count := func(ws string, filter ...string) int {
		t.Helper()
		args := append([]string{"list", "--kind", "bug", "--columns", "id"}, filter...)
		out := runScript(t, append(env, "TRIAGE_WORKSPACE="+ws), false, args...)
		if !strings.Contains(out, "# exit 0") {
			t.Fatalf("list in %s:\n%s", ws, out)
		}
		body := strings.TrimSpace(out[strings.Index(out, "# stdout\n")+len("# stdout\n") : strings.Index(out, "# stderr")])
		return len(strings.Fields(body))
	}
	first, second, secondAll := count("10022001", "iter:@current"), count("10022002", "iter:@current"), count("10022002")
	if first == 0 || second == 0 || second == secondAll {
		t.Fatalf("the sandbox's current iterations hold %d and %d of %d bugs: the test needs some, not all", first, second, secondAll)
	}

	term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240")
	term.Send("Tab")
	term.WaitFor(20*time.Second, "Bugs 180", "180 bugs")
	term.Send("/")
	term.Type("iter:@current")
	term.Send("Enter")
	screen := term.WaitFor(10*time.Second, fmt.Sprintf("%d of 180 bugs", first))
	t.Logf("iter:@current in Atlas Web:\n%s", firstScreenLines(screen, 4))

	term.Send("w")
	term.WaitFor(10*time.Second, "Switch to a workspace", "星河移动")
	term.Send("Down", "Enter")
	screen = term.WaitFor(20*time.Second, "/ iter:@current", fmt.Sprintf("%d of %d bugs", second, secondAll))
	t.Logf("w to 星河移动:\n%s", firstScreenLines(screen, 4))

	term.Send("w")
	term.WaitFor(10*time.Second, "Switch to a workspace", "Atlas Web")
	term.Send("Up", "Enter")
	screen = term.WaitFor(20*time.Second, "/ iter:@current", fmt.Sprintf("%d of 180 bugs", first))
	t.Logf("w back to Atlas Web:\n%s", firstScreenLines(screen, 4))
	if strings.Contains(screen, "✗") {
		t.Errorf("back in Atlas Web the filter line names a problem:\n%s", screen)
	}
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}
}
