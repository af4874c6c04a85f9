package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestBulkMoveWithAWhyEnds, end to end with the built binary in tmux
// against `triage serve`: three marked bugs move with ] and a why (c, a
// reason, ctrl+s). Once the moves and their comments are answered the
// status line says so with no spinner and no "saving"; U names the move by
// the board's priority labels (中 → 低, not medium → low); q quits at once,
// nothing being on its way.
func TestBulkMoveWithAWhyEnds(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	term := startTerminal(t, 120, 40, appHomeEnv(t.TempDir(), s), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240")
	term.Send("Tab")
	term.WaitFor(20*time.Second, "Bugs 180", "180 bugs", "中 ")
	term.Send("l", "l", "l", "Space", "j", "Space", "j", "Space")
	term.WaitFor(5*time.Second, "3 marked")
	term.Send("]")
	term.WaitFor(5*time.Second, "Move 3 marked bugs?", "c add a why")
	term.Send("c")
	term.WaitFor(5*time.Second, "Why change these 3?")
	term.Type("the customer asked")
	term.Send("C-s")
	screen := term.WaitFor(20*time.Second, "3 moved")
	status := lastLine(screen)
	t.Logf("the status line once answered: %s", status)
	if strings.Contains(status, "saving") || strings.ContainsAny(status, "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏") {
		t.Errorf("the status line is still busy once the moves and their why were answered: %s", status)
	}

	term.Send("U")
	history := term.WaitFor(10*time.Second, "Changes this session", "3 bugs")
	t.Logf("U:\n%s", history)
	if !strings.Contains(history, "中 → 低") || strings.Contains(history, "medium") {
		t.Errorf("U does not name the move by the board's labels:\n%s", history)
	}
	term.Send("Escape")
	term.WaitFor(5*time.Second, "180 bugs")
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("q ended with %s, want a quit at once", exit)
	}
}

// lastLine is the last line of a screen that holds something.
func lastLine(screen string) string {
	lines := strings.Split(strings.TrimRight(screen, "\n "), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}
