package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// countdown is the status line's word while the service rate-limits: the
// edits it refused wait for the next try, or, when the limit fell on the
// read before a write, the edits wait in the client for the rate limit. Which
// one depends on how many requests the start made (a kind's custom field
// settings are one of them).
var countdown = regexp.MustCompile(`\d+ edits? waiting · the service asked to wait, next try in \d+s|\d+ edits? waits? for the rate limit · next in \d+s`)

// TestRateLimitCountdown drives the built binary in tmux against `triage
// serve --rate 15 --rate-window 60s`: quick moves past the rate leave edits
// waiting, and the status line says the service asked to wait, with a
// countdown to the next try. (That a flush never leaves "N edits waiting ·
// sent N waiting edits" is TestNeverWaitingAndSentAtOnce in ui/engine.)
func TestRateLimitCountdown(t *testing.T) {
	requireTmux(t)
	s := startServe(t, "--rate", "15", "--rate-window", "60s")
	term := startTerminal(t, 160, 40, appHomeEnv(t.TempDir(), s), triageBinary(t), "--insecure-storage")
	term.WaitFor(90*time.Second, "Stories 240", "demo (token)")
	term.Send("l")
	for range 18 { // one at a time, so that each goes alone: moves made together go as one batch
		term.Send("]")
		time.Sleep(300 * time.Millisecond)
	}
	var screen string
	for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		screen = term.Screen()
		if countdown.MatchString(screen) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the status line never counted down to the next try:\n%s", screen)
		}
	}
	lines := strings.Split(strings.TrimRight(screen, "\n "), "\n")
	t.Logf("rate-limited:\n%s", lines[len(lines)-1])
	term.Send("q")
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(term.Screen(), "[exit "); time.Sleep(100 * time.Millisecond) {
		if strings.Contains(term.Screen(), "w: wait for the edits on their way") {
			term.Send("q")
		}
		if time.Now().After(deadline) {
			t.Fatalf("triage did not quit:\n%s", term.Screen())
		}
	}
	if screen := term.Screen(); !strings.Contains(screen, "edits are not sent yet: they are kept") {
		t.Errorf("quitting with rate-limited edits does not say they are kept:\n%s", screen)
	}
}
