package e2e

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// readWaits is the status line's word while a read of one item waits for
// the rate limit.
var readWaits = regexp.MustCompile(`reading #(\d+) waits for the rate limit · (\d+)s`)

// TestQueueReadWaitIsShown drives the built binary in tmux at 120×40
// against `triage serve --rate 40 --rate-window 40s`: with the board open
// (and the queue opened once) and the rest of the service's budget spent by
// another client of the same token, the triage queue (t) reads its first
// cards whole; the service asks
// them to wait, and the status line says at once which read waits and
// counts down; ! lists the wait.
func TestQueueReadWaitIsShown(t *testing.T) {
	requireTmux(t)
	s := startServe(t, "--rate", "40", "--rate-window", "40s")
	term := startTerminal(t, 120, 40, appHomeEnv(t.TempDir(), s), triageBinary(t), "--insecure-storage")
	term.WaitFor(60*time.Second, "Stories 240  Bugs 180  Tasks 160", "240 stories")
	term.Send("t") // the queue once, for the workflow it reads first
	term.WaitFor(30*time.Second, "Triage")
	term.Send("Escape")
	term.WaitFor(10*time.Second, "240 stories")
	token := s.env["TRIAGE_TOKEN"]
	spender := &tapdClient{t: t, base: s.env["TRIAGE_BASE_URL"], auth: func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+token) }}
	for range 60 {
		if spender.request(http.MethodGet, "/bugs/count", url.Values{"workspace_id": {"10022001"}}, nil) == http.StatusTooManyRequests {
			break
		}
	}
	term.Send("t")
	first := waitForMatch(t, term, readWaits, 30*time.Second)
	lines := strings.Split(strings.TrimRight(term.Screen(), "\n "), "\n")
	t.Logf("the queue's read waiting:\n%s", lines[len(lines)-1])
	term.Send("q")
	term.WaitFor(10*time.Second, "240 stories")
	term.Send("!")
	term.WaitFor(10*time.Second, "Recent errors", "reading #"+first[1]+": the service asks to wait")
}
