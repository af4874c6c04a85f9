package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestFilterSaysWhatItCannotDo drives the built binary in tmux against
// `triage serve`: a quoted value with spaces filters, an unknown field is
// named with the fields to use, and owner:@me (also by M) says why it
// cannot apply to an API account.
func TestFilterSaysWhatItCannotDo(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	term := startTerminal(t, 120, 40, appHomeEnv(t.TempDir(), s), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240", "demo (token)")

	term.Send("/")
	term.Type(`prio:"Nice To Have"`)
	screen := term.WaitFor(10*time.Second, `/ prio:"Nice To Have"`, "High 0", "Middle 0", "Low 0")
	t.Logf("prio:\"Nice To Have\":\n%s", firstScreenLines(screen, 4))
	if strings.Contains(screen, "Nice To Have 0") || strings.Contains(screen, "✗") {
		t.Errorf("prio:\"Nice To Have\" does not keep the Nice To Have stories:\n%s", screen)
	}

	term.Send("Escape")
	term.WaitFor(10*time.Second, "all stories, unfiltered")
	term.Send("/")
	term.Type("foo:bar")
	screen = term.WaitFor(10*time.Second, "/ foo:bar", "✗ foo: is not a field, searched as text (use status: owner: prio: iter:")
	t.Logf("foo:bar:\n%s", firstScreenLines(screen, 4))
	term.Send("Escape")
	term.WaitFor(10*time.Second, "all stories, unfiltered")
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}

	basic := append(appHomeEnv(t.TempDir(), s), "TRIAGE_TOKEN=", "TRIAGE_API_USER="+s.env["TRIAGE_API_USER"], "TRIAGE_API_PASSWORD="+s.env["TRIAGE_API_PASSWORD"])
	term = startTerminal(t, 120, 40, basic, triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240")
	term.Send("M")
	screen = term.WaitFor(10*time.Second, "/ owner:@me", "✗ owner:@me cannot apply: an API account (Basic) is not a person; use owner:NAME")
	t.Logf("M with an API account:\n%s", firstScreenLines(screen, 4))
	if !strings.Contains(screen, "240 of 240 stories") {
		t.Errorf("owner:@me that cannot apply hides stories:\n%s", screen)
	}
	term.Send("Escape")
	term.WaitFor(10*time.Second, "all stories, unfiltered")
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}
}

// firstScreenLines is the top of a screen, for the log.
func firstScreenLines(screen string, n int) string {
	lines := strings.SplitN(screen, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
