package e2e

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// loadWaits is the status line's word while a load waits for the rate limit.
var loadWaits = regexp.MustCompile(`loading \w+ waits for the rate limit · (\d+)s`)

// TestLoadWaitCountsDown drives the built binary in tmux against `triage
// serve --rate 3 --rate-window 30s`: the first load spends the service's
// budget at once and is asked to wait; the status line says at once that
// the load waits for the rate limit and counts down, the errors view (!)
// lists the wait, and the sign goes once the load goes on.
func TestLoadWaitCountsDown(t *testing.T) {
	requireTmux(t)
	s := startServe(t, "--rate", "3", "--rate-window", "30s")
	term := startTerminal(t, 160, 40, appHomeEnv(t.TempDir(), s), triageBinary(t), "--insecure-storage")
	first := waitForMatch(t, term, loadWaits, 60*time.Second)
	var second []string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		second = loadWaits.FindStringSubmatch(term.Screen())
		if second != nil && second[1] != first[1] {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the wait did not count down from %ss:\n%s", first[1], term.Screen())
		}
	}
	lines := strings.Split(strings.TrimRight(term.Screen(), "\n "), "\n")
	t.Logf("waiting:\n%s", lines[len(lines)-1])
	if a, b := seconds(first), seconds(second); b >= a {
		t.Errorf("the countdown went from %ss to %ss", first[1], second[1])
	}
	term.Send("!")
	term.WaitFor(10*time.Second, "Recent errors", "loading stories: the service asks to wait")
	term.Send("Escape")
	term.WaitFor(90*time.Second, "Stories 240")
	if screen := term.Screen(); loadWaits.MatchString(screen) {
		t.Errorf("the board loaded, yet the status line still says a load waits:\n%s", screen)
	}
}

// waitForMatch waits until the screen matches re and returns the match.
func waitForMatch(t *testing.T, term *terminal, re *regexp.Regexp, limit time.Duration) []string {
	t.Helper()
	for deadline := time.Now().Add(limit); ; time.Sleep(50 * time.Millisecond) {
		if m := re.FindStringSubmatch(term.Screen()); m != nil {
			return m
		}
		if time.Now().After(deadline) {
			t.Fatalf("the screen never showed %s:\n%s", re, term.Screen())
		}
	}
}

// seconds is the countdown of a match of loadWaits.
func seconds(m []string) int {
	n, _ := strconv.Atoi(m[1])
	return n
}
