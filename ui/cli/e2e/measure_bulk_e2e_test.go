package e2e

import (
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"triage/api/sandbox"
)

// newLimitedFrontDoor is a front door to a local service that allows rate
// requests a window, as `triage serve --rate N --rate-window D` runs it.
func newLimitedFrontDoor(t *testing.T, rate int, window time.Duration) *frontDoor {
	f, _ := newCountedFrontDoor(t, rate, window)
	return f
}

// refusedCount counts the requests a service refused for its rate limit.
type refusedCount struct {
	inner http.Handler
	mu    sync.Mutex
	n     int
}

func (rc *refusedCount) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
	rc.inner.ServeHTTP(rw, r)
	if rw.status == http.StatusTooManyRequests {
		rc.mu.Lock()
		rc.n++
		rc.mu.Unlock()
	}
}

// take is how many were refused since the last take.
func (rc *refusedCount) take() int {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	n := rc.n
	rc.n = 0
	return n
}

// statusWriter keeps the status of an answer.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (sw *statusWriter) WriteHeader(code int) {
	sw.status = code
	sw.ResponseWriter.WriteHeader(code)
}

// newCountedFrontDoor is newLimitedFrontDoor, with the count of the
// requests the service refused for its limit.
func newCountedFrontDoor(t *testing.T, rate int, window time.Duration) (*frontDoor, *refusedCount) {
	t.Helper()
	sb, err := sandbox.New(sandbox.Options{Rate: rate, RateWindow: window})
	if err != nil {
		t.Fatal(err)
	}
	rc := &refusedCount{inner: sb}
	f := &frontDoor{t: t, addr: freeAddr(t), inner: rc}
	for _, u := range sb.Demo().Users {
		if u.Nick == "demo" {
			f.token = u.PersonalToken
		}
	}
	f.listen()
	t.Cleanup(func() { f.stop() })
	return f, rc
}

// markFiftyHigh marks the 50 first cards of the High column (54 cards) of
// the stories' board.
func markFiftyHigh(t *testing.T, board *terminal) {
	t.Helper()
	board.Send("l")
	board.Send("V")
	board.WaitFor(5*time.Second, "54 marked")
	for range 4 {
		board.Send("Space", "j")
	}
	board.WaitFor(5*time.Second, "50 marked")
}

// TestMeasureBulkMoveFromTheBoard: on a service allowing 60 requests a
// window, a bulk move of 50 cards from the board (the 50 marked, ], y) is
// one read and one batch write, as its preview says (51 before); with a
// why, 50 comments more, one each, as TAPD's /comments adds one comment a
// request and has no batch form (107 before). The window is 10 seconds,
// not TAPD's minute: a request refused for the limit is not counted, and a
// minute's window only made the test wait for the rest of it.
func TestMeasureBulkMoveFromTheBoard(t *testing.T) {
	for _, c := range []struct {
		name     string
		why      bool
		preview  string
		requests int
	}{
		{"without a why", false, "2 requests", 2},
		{"with a why", true, "with a why (c): 52 requests", 52},
	} {
		t.Run(c.name, func(t *testing.T) {
			requireTmux(t)
			f, refused := newCountedFrontDoor(t, 60, 10*time.Second)
			home := t.TempDir()
			f.login(home)
			board := startTerminal(t, 160, 45, f.env(home), triageBinary(t))
			board.WaitFor(20*time.Second, "Stories 240", "High 54")
			waitQuiet(t, f)
			refused.take()
			markFiftyHigh(t, board)
			board.Send("]")
			board.WaitFor(5*time.Second, "Move 50 marked stories?", "50 items: High → Middle", c.preview)
			if c.why {
				board.Send("c")
				board.WaitFor(5*time.Second, "Why change these 50?")
				board.Type("sprint 12")
				board.Send("C-s")
			} else {
				board.Send("y")
			}
			waitBulkEnded(t, board)
			reqs := requestsUntilQuiet(t, f)
			// The board's start and a why's 50 comments pass the window's 60
			// when they fall in one window: a request the service refused is
			// asked again, and counts once.
			n := len(reqs) - refused.take()
			t.Logf("a bulk move of 50 %s: %d requests (%d with those refused for the rate limit)", c.name, n, len(reqs))
			if n != c.requests || countWith(reqs, "POST", "batch_update_story") == 0 || count(reqs, "GET /stories") == 0 {
				t.Errorf("a bulk move of 50 %s: %d requests, want %d: one read, one batch write, and a comment a card with a why:\n%s", c.name, n, c.requests, strings.Join(reqs, "\n"))
			}
		})
	}
}

// requestsUntilQuiet are the requests passed on since the last call, until
// a second passes without one.
func requestsUntilQuiet(t *testing.T, f *frontDoor) []string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	all := f.requests()
	for quiet := 0; quiet < 10; {
		time.Sleep(100 * time.Millisecond)
		if got := f.requests(); len(got) > 0 {
			all, quiet = append(all, got...), 0
		} else {
			quiet++
		}
		if time.Now().After(deadline) {
			t.Fatal("the board never stopped asking the service")
		}
	}
	return all
}

// bulkWaits is the status line's word while a bulk's edits wait for the
// rate limit, with its countdown: in the client before a request, or in the
// outbox after the service refused one.
var bulkWaits = regexp.MustCompile(`\d+ edits? waits? for the rate limit · next in (\d+)s|\d+ edits? waiting · the service asked to wait, next try in (\d+)s`)

// bulkEnded is the status line once a bulk that waited has ended: its
// edits all sent, none waiting or on its way.
var bulkEnded = regexp.MustCompile(`^[^⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏]*(50 moved|sent \d+ waiting edits?)$`)

// waitBulkEnded waits until the status line says a bulk ended.
func waitBulkEnded(t *testing.T, board *terminal) {
	t.Helper()
	for deadline := time.Now().Add(90 * time.Second); !bulkEnded.MatchString(lastLine(board.Screen())); time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the bulk never ended:\n%s", board.Screen())
		}
	}
}

// waitSeconds is the countdown of a match of bulkWaits.
func waitSeconds(m []string) string { return m[1] + m[2] }

// TestBulkWaitCountsDown: on a service allowing 40 requests in 10 seconds,
// a bulk move of 50 with a why (52 requests) meets the limit halfway; the
// status line says at once that the edits wait for the rate limit and
// counts down, and once the window has passed the bulk ends: every card
// moved, no edit waiting.
func TestBulkWaitCountsDown(t *testing.T) {
	requireTmux(t)
	f := newLimitedFrontDoor(t, 40, 10*time.Second)
	home := t.TempDir()
	f.login(home)
	board := startTerminal(t, 160, 45, f.env(home), triageBinary(t))
	board.WaitFor(20*time.Second, "Stories 240", "High 54")
	waitQuiet(t, f)
	markFiftyHigh(t, board)
	board.Send("]")
	board.WaitFor(5*time.Second, "Move 50 marked stories?")
	board.Send("c")
	board.WaitFor(5*time.Second, "Why change these 50?")
	board.Type("sprint 12")
	board.Send("C-s")
	first := waitForMatch(t, board, bulkWaits, 30*time.Second)
	t.Logf("the status line while the bulk waits: %s", lastLine(board.Screen()))
	var next []string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		next = bulkWaits.FindStringSubmatch(board.Screen())
		if next != nil && waitSeconds(next) != waitSeconds(first) {
			break
		}
		if next == nil || time.Now().After(deadline) {
			t.Fatalf("the countdown did not count down from %ss:\n%s", waitSeconds(first), board.Screen())
		}
	}
	board.WaitFor(30*time.Second, "High 4 ", "Middle 114")
	waitBulkEnded(t, board)
	t.Logf("the status line once the bulk ended: %s", lastLine(board.Screen()))
}

// TestMeasureTenQuickMoves: on a service allowing 60 requests a minute, ten
// single moves made within a second on the board (] ten times in the High
// column) cost two requests: their stories read in one, written in one
// batch (20 before batch writes; 4 to 8 before the board gathered quick
// moves, the first going alone and then each group made while one was on
// its way). Every card stays moved and no edit waits.
func TestMeasureTenQuickMoves(t *testing.T) {
	requireTmux(t)
	f := newLimitedFrontDoor(t, 60, time.Minute)
	home := t.TempDir()
	f.login(home)
	board := startTerminal(t, 160, 45, f.env(home), triageBinary(t))
	board.WaitFor(20*time.Second, "Stories 240", "High 54")
	waitQuiet(t, f)
	board.Send("l")
	board.Send("]", "]", "]", "]", "]", "]", "]", "]", "]", "]")
	board.WaitFor(20*time.Second, "High 44 ", "Middle 74")
	reqs := requestsUntilQuiet(t, f)
	t.Logf("10 quick moves: %d requests:\n%s", len(reqs), strings.Join(reqs, "\n"))
	reads, writes := count(reqs, "GET"), count(reqs, "POST")
	if reads != 1 || writes != 1 || countWith(reqs, "POST", "batch_update_story") != 1 {
		t.Errorf("10 quick moves: %d reads, %d writes; want one read and one batch write", reads, writes)
	}
	if screen := board.Screen(); strings.Contains(lastLine(screen), "waiting") {
		t.Errorf("edits wait after the moves:\n%s", screen)
	}
}
