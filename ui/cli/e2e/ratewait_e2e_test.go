package e2e

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// loadWaits is the status line's word while a load waits for the rate limit.
var loadWaits = regexp.MustCompile(`loading \w+ waits for the rate limit · (\d+)s`)

// TestLoadWaitCountsDown drives the built binary in tmux against `triage
// serve --rate 3 --rate-window 6s`: the first load spends the service's
// budget at once and is asked to wait; the status line says at once that
// the load waits for the rate limit and counts down, the errors view (!)
// lists the wait, and the sign goes once the load goes on.
func TestLoadWaitCountsDown(t *testing.T) {
	requireTmux(t)
	s := startServe(t, "--rate", "3", "--rate-window", "6s")
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
	return re.FindStringSubmatch(matchingScreen(t, term, re, limit))
}

// matchingScreen waits until the screen matches re and returns that
// screen, as it was when it matched: a wait that ends soon may be over by
// the next capture.
func matchingScreen(t *testing.T, term *terminal, re *regexp.Regexp, limit time.Duration) string {
	t.Helper()
	for deadline := time.Now().Add(limit); ; time.Sleep(50 * time.Millisecond) {
		if screen := term.Screen(); re.MatchString(screen) {
			return screen
		}
		if time.Now().After(deadline) {
			t.Fatalf("the screen never showed %s:\n%s", re, term.Screen())
		}
	}
}

// spendRateWindow spends what is left of the window of the service's rate
// limit with requests of the token of s, until one is refused with
// minWait seconds or more to wait: the app's next request then waits
// about that long, whatever the window's length. A window that ends sooner is
// waited out, and the next one, which its first request starts, spent.
func spendRateWindow(t *testing.T, s *served, minWait int) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); {
		status, retryAfter := askWhoAmI(t, s)
		if status != http.StatusTooManyRequests {
			continue
		}
		wait, err := strconv.Atoi(retryAfter)
		if err != nil {
			t.Fatalf("a refusal for the rate limit without its wait: %v", err)
		}
		if wait >= minWait {
			return
		}
		time.Sleep(time.Duration(wait) * time.Second)
	}
	t.Fatalf("the service's rate limit never left %ds to wait", minWait)
}

// askWhoAmI asks the service of s who the user of its token is, as the
// app's start does, and returns the answer's status and Retry-After.
func askWhoAmI(t *testing.T, s *served) (status int, retryAfter string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.env["TRIAGE_BASE_URL"]+"/users/info", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+s.env["TRIAGE_TOKEN"])
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	return resp.StatusCode, resp.Header.Get(api.HeaderRetryAfter)
}

// seconds is the countdown of a match of loadWaits.
func seconds(m []string) int {
	n, _ := strconv.Atoi(m[1])
	return n
}
