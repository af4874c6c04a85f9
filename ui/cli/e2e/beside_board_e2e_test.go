package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// movedToLow is story #4's card in the fourth column (Low) of the board.
var movedToLow = regexp.MustCompile(`(?m)^.{90,}#4 · Developing`)

// TestSetBesideTheBoard: with the board open on a profile, `triage set`
// changes an item through the same outbox (rather than refusing), and the
// board draws the change on its own within a second or two, says who made
// it, and lists it in U; `triage log`, `list`, `view` and `status` work
// beside it too. On a service allowing 60 requests a minute, the set costs
// the item's read to plan, and a read and a write to send (4 before: the
// field information the board read within the day is no longer asked
// again); the board draws the change without a request.
func TestSetBesideTheBoard(t *testing.T) {
	f := newLimitedFrontDoor(t, 60, time.Minute)
	home := t.TempDir()
	f.login(home)
	board := startTerminal(t, 120, 40, f.env(home), triageBinary(t))
	board.WaitFor(20*time.Second, "Stories 240", "#4 · Developing")
	if screen := board.Screen(); movedToLow.MatchString(screen) {
		t.Fatalf("story #4 is in Low before the set:\n%s", screen)
	}
	waitQuiet(t, f)

	_, errOut, code := runBinary(t, f.env(home), "", "set", "story/4", "--priority", "low")
	if code != 0 || !strings.Contains(errOut, "✓ story/4 (story 1110022001000000004) priority High → Low") {
		t.Fatalf("set beside the board: exit %d\n%s", code, errOut)
	}
	reqs := f.requests()
	t.Logf("the requests of set beside the board:\n%s", strings.Join(reqs, "\n"))
	if count(reqs, "POST") != 1 || len(reqs) > 3 || countWith(reqs, "GET", "get_fields_info") != 0 {
		t.Errorf("set asked %d requests, %d writes; want one write and at most 2 reads, the field information being the board's:\n%s", len(reqs), count(reqs, "POST"), strings.Join(reqs, "\n"))
	}

	screen := board.WaitFor(10*time.Second, "#4 High → Low (by another triage)")
	if !movedToLow.MatchString(screen) {
		t.Errorf("the board does not show story #4 in Low:\n%s", screen)
	}
	if reqs := f.requests(); count(reqs, "POST") != 0 || len(reqs) != 0 {
		t.Errorf("the board asked the service to draw what set sent:\n%s", strings.Join(reqs, "\n"))
	}
	board.Send("U")
	board.WaitFor(5*time.Second, "Changes this session", "story #4  High → Low", "sent")
	board.Send("Escape")

	out, errOut, code := runBinary(t, f.env(home), "", "log")
	if code != 0 || !strings.Contains(out, "priority High → Low\tyou · sent") {
		t.Errorf("log beside the board: exit %d\n%s%s", code, out, errOut)
	}
	for _, args := range [][]string{{"list", "--limit", "1"}, {"view", "story/4"}, {"status"}} {
		if out, errOut, code := runBinary(t, f.env(home), "", args...); code != 0 {
			t.Errorf("%s beside the board: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
		}
	}
}

// waitQuiet waits until the board has made no request for a while (its
// first load is over), and forgets the requests made so far.
func waitQuiet(t *testing.T, f *frontDoor) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	f.requests()
	for quiet := 0; quiet < 10; {
		time.Sleep(100 * time.Millisecond)
		if len(f.requests()) == 0 {
			quiet++
		} else {
			quiet = 0
		}
		if time.Now().After(deadline) {
			t.Fatal("the board never stopped asking the service")
		}
	}
}
