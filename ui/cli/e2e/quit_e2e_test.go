package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestQuitWithUnsentEditsSaysSo: with a slow service, q right after three
// quick moves asks whether to wait for them; q again ends the app with a
// word on how many edits are not sent yet and that they are kept for the
// next start; `triage log` shows them as waiting. w instead waits for them
// to be sent, then quits.
func TestQuitWithUnsentEditsSaysSo(t *testing.T) {
	requireTmux(t)
	s := startServe(t, "--latency", "1500ms")
	home := t.TempDir()
	term := startTerminal(t, 120, 40, appHomeEnv(home, s), triageBinary(t), "--insecure-storage")
	term.WaitFor(60*time.Second, "Stories 240", "demo (token)")
	term.Send("l")
	term.Send("]")
	term.Send("]")
	term.Send("]")
	term.Send("q")
	asked := term.WaitFor(20*time.Second, "w: wait for the edits on their way, then quit · q: quit now, they are kept")
	lines := strings.Split(strings.TrimRight(asked, "\n "), "\n")
	t.Logf("q with edits on their way:\n%s", lines[len(lines)-1])
	term.Send("q")
	screen := term.WaitFor(30*time.Second, "[exit ")
	t.Logf("quitting with unsent edits:\n%s", strings.TrimRight(screen, "\n "))
	if !strings.Contains(screen, "3 edits are not sent yet") || !strings.Contains(screen, "they are kept and will be sent the next time triage opens "+s.env["TRIAGE_BASE_URL"]) {
		t.Errorf("quitting with 3 unsent edits does not say so:\n%s", screen)
	}
	if exit := term.Exited(time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}
	out := runTriage(t, home, s, "log")
	t.Logf("triage log:\n%s", out)
	// An edit whose write was under way when q quit stays "sending": it may
	// have reached the service, and the next start reads before it writes.
	if strings.Count(out, "you · waiting")+strings.Count(out, "you · sending") != 3 {
		t.Errorf("triage log does not show the 3 unsent edits as waiting or sending:\n%s", out)
	}

	// w waits for the edits on their way, then quits: nothing is left.
	again := startTerminal(t, 120, 40, appHomeEnv(home, s), triageBinary(t), "--insecure-storage")
	again.WaitFor(60*time.Second, "Stories 240", "demo (token)")
	for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(time.Second) { // one under way at the quit is taken up after the outbox's grace
		out := runTriage(t, home, s, "log")
		if !strings.Contains(out, "you · waiting") && !strings.Contains(out, "you · sending") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the next start did not send the 3 edits kept:\n%s", out)
		}
	}
	again.Send("l")
	again.Send("]")
	again.Send("q")
	again.WaitFor(20*time.Second, "w: wait for the edits on their way")
	again.Send("w")
	screen = again.WaitFor(30*time.Second, "[exit ")
	if strings.Contains(screen, "not sent yet") || again.Exited(time.Second) != "[exit 0]" {
		t.Errorf("w did not wait for the edit before quitting:\n%s", screen)
	}
	if out := runTriage(t, home, s, "log"); strings.Contains(out, "waiting") {
		t.Errorf("after w, triage log still shows edits waiting:\n%s", out)
	}
}
