package main

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// countdown is the status line's word while the service rate-limits.
var countdown = regexp.MustCompile(`\d+ edits? waiting · the service asked to wait, next try in \d+s`)

// TestRateLimitCountdown drives the built binary in tmux against `triage
// serve --rate 20`: quick moves past the rate leave edits waiting, and the
// status line says the service asked to wait, with a countdown to the next
// try; never "N edits waiting · sent N waiting edits" at once.
func TestRateLimitCountdown(t *testing.T) {
	requireTmux(t)
	s := startServe(t, "--rate", "20", "--rate-window", "30s")
	term := startTerminal(t, 160, 40, appHomeEnv(t.TempDir(), s), triageBinary(t), "--insecure-storage")
	term.WaitFor(60*time.Second, "Stories 240", "demo (token)")
	term.Send("l")
	for range 18 {
		term.Send("]")
	}
	var screen string
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) {
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
	stillWaiting := regexp.MustCompile(`\d+ edits? waiting`)
	both := regexp.MustCompile(`\d+ edits? waiting .*sent \d+ waiting edit`)
	for deadline := time.Now().Add(90 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		screen = term.Screen()
		if both.MatchString(screen) {
			t.Errorf("the status line says edits wait and were sent at once:\n%s", screen)
			break
		}
		if !stillWaiting.MatchString(screen) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the waiting edits were never sent:\n%s", screen)
		}
	}
	term.Send("q")
	term.Exited(20 * time.Second)
}
