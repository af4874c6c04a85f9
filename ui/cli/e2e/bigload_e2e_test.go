package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// loadLeft is the information line's progress while a load can tell how
// long it has left: "3,000/3,240 · about 10s left".
var loadLeft = regexp.MustCompile(`([\d,]+)/3,240 · about (\d+m)?(\d+s)? left`)

// TestABigLoadSaysHowLongIsLeft drives the built binary in tmux against
// `triage serve --items 3000 --rate 15 --rate-window 10s`, with a budget of
// its own as strict (TRIAGE_RATE_LIMIT=15/10s): the 3,240 stories take 17
// pages, more than a window allows; the board shows the first page while
// the rest comes, says how far the load is and about how long it has left
// at the rate budget, and says it no more once every story is in.
func TestABigLoadSaysHowLongIsLeft(t *testing.T) {
	requireTmux(t)
	s := startServe(t, "--items", "3000", "--rate", "15", "--rate-window", "10s")
	env := append(appHomeEnv(t.TempDir(), s), "TRIAGE_RATE_LIMIT=15/10s")
	term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
	m := waitForMatch(t, term, loadLeft, 60*time.Second)
	if m[1] == "3,240" {
		t.Errorf("the load said how long it had left only once every story was in: %q", m[0])
	}
	lines := strings.Split(term.Screen(), "\n")
	t.Logf("loading:\n%s\n%s", lines[1], lines[len(lines)-2])
	term.WaitFor(2*time.Minute, "Stories 3,240", "3,240 stories")
	if screen := term.Screen(); strings.Contains(screen, " left") {
		t.Errorf("every story is in, yet the screen says how long is left:\n%s", screen)
	}
}

// TestABigFirstLoadCostsAPageARequest drives the built binary in tmux
// against `triage serve --items 20000`, with nothing cached, its requests
// counted on their way: the board shows the 20,240 stories, and the start
// cost 109 requests (116 before): one a page of 200 (102), the stories'
// count, field information and custom field settings, the two other tabs'
// counts, the user and the workspaces.
func TestABigFirstLoadCostsAPageARequest(t *testing.T) {
	requireTmux(t)
	s := startServe(t, "--items", "20000")
	proxy := newPathProxy(t, s.env["TRIAGE_BASE_URL"])
	env := append(appHomeEnv(t.TempDir(), s), "TRIAGE_BASE_URL="+proxy.URL)
	term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(time.Minute, "Stories 20,240", "20,240 stories", "Bugs 20,180", "Tasks 20,160")
	lines := strings.Split(term.Screen(), "\n")
	t.Logf("loaded:\n%s\n%s", lines[0], lines[1])
	byPath := map[string]int{}
	proxy.mu.Lock()
	for _, p := range proxy.paths {
		byPath[p]++
	}
	sum := len(proxy.paths)
	proxy.mu.Unlock()
	t.Logf("the first load: %d requests: %v", sum, byPath)
	if sum > 109 || byPath["/stories"] != 102 || byPath["/stories/count"] != 1 {
		t.Errorf("the first load of 20,240 stories: %d requests (%v); want at most 109: 102 pages, one count of the stories", sum, byPath)
	}
}
