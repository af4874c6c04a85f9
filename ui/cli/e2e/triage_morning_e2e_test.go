package e2e

import (
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/store"
)

// TestTriageMorning is a morning of triage, end to end with the built
// binary in tmux against `triage serve`: a story moves from planning to
// developing with m, gets a second owner, is planned into the current
// iteration and commented on; grouped by status, a move the workflow does
// not allow is refused naming the statuses allowed, and a move across
// columns is made. Then, with the service stopped, three edits (a status,
// an owner, a comment) wait; the app is killed (-9), and once both are back
// each reaches the service once. Every write is read back from the service.
func TestTriageMorning(t *testing.T) {
	requireTmux(t)
	addr := freeAddr(t)
	data := filepath.Join(t.TempDir(), "sandbox.db")
	home := t.TempDir()
	s := startServe(t, "--data", data, "--addr", addr)
	term := startTerminal(t, 140, 40, appHomeEnv(home, s), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240")

	id := cardUnderCursor(t, term, "Planning")
	short := "#" + api.ShortID(id)
	story := func() api.Item {
		t.Helper()
		got := readStory(t, s, url.Values{"id": {id}})
		if len(got) != 1 {
			t.Fatalf("story %s: %+v", id, got)
		}
		return got[0]
	}

	// m: the picker offers the next statuses only.
	term.Send("m")
	term.WaitFor(5*time.Second, "Move "+short+" from Planning", "Developing", "Rejected")
	term.Send("Enter")
	term.WaitFor(10*time.Second, "status Planning → Developing")
	if st := story().Status; st != "developing" {
		t.Fatalf("the service has the story %s, want developing", st)
	}

	// a: a second owner from the members.
	owners := story().Owner
	term.Send("a")
	term.WaitFor(5*time.Second, "Owners of #", "alice")
	term.Type("alice")
	term.Send("Enter")
	term.WaitFor(5*time.Second, "✓ alice")
	term.Send("Up", "Up", "Up")
	term.Send("Enter")
	term.WaitFor(10*time.Second, short+" owner demo → demo, alice")
	if got := story().Owner; got != owners+"alice;" {
		t.Fatalf("owners %q on the service, want %q", got, owners+"alice;")
	}

	// i: into the current iteration.
	term.Send("i")
	term.WaitFor(5*time.Second, "Iteration of #", "current iteration")
	term.Type("current iteration")
	term.Send("Enter")
	term.WaitFor(10*time.Second, short+" iteration Sprint 2 → Sprint 6")
	if got, want := story().IterationID, currentIteration(t, s); got != want {
		t.Fatalf("iteration_id %q on the service, want the current one %q", got, want)
	}

	// c: a comment of two lines.
	term.Send("c")
	term.WaitFor(5*time.Second, "Comment on #")
	term.Type("Planned for this sprint")
	term.Send("Enter")
	term.Type("after the call with <the customer>")
	term.Send("C-s")
	term.WaitFor(10*time.Second, short+" commented")
	if n := countComments(t, s, id, "<p>Planned for this sprint<br/>after the call with &lt;the customer&gt;</p>"); n != 1 {
		t.Fatalf("the comment is on the service %d times, want once", n)
	}

	// b: grouped by status, an illegal move is refused, a legal one made.
	term.Send("b")
	term.WaitFor(5*time.Second, "grouped by status", "No status")
	term.Send("4")
	term.WaitFor(5*time.Second, "cannot go from Developing to Rejected; from Developing it can go to: Planning, Resolved")
	if st := story().Status; st != "developing" {
		t.Fatalf("a refused move changed the service: %s", st)
	}
	term.Send("]")
	term.WaitFor(10*time.Second, "status Developing → Resolved")
	if st := story().Status; st != "resolved" {
		t.Fatalf("the service has the story %s, want resolved", st)
	}

	// Offline: three edits of the card the cursor went on wait (an owner,
	// a comment, then a status, which moves the card out of the column),
	// and the app is killed.
	other := cardUnderCursor(t, term, "Developing")
	otherStory := func() api.Item {
		t.Helper()
		got := readStory(t, s, url.Values{"id": {other}})
		if len(got) != 1 {
			t.Fatalf("story %s: %+v", other, got)
		}
		return got[0]
	}
	wantOwners := toggled(otherStory().Owner, "demo")
	if err := s.stop(t); err != nil {
		t.Fatalf("serve did not stop cleanly: %v", err)
	}
	term.Send("A")
	term.WaitFor(10*time.Second, "1 edit waiting")
	term.Send("c")
	term.WaitFor(5*time.Second, "Comment on #")
	term.Type("Back to work: reopened offline")
	term.Send("C-s")
	term.WaitFor(10*time.Second, "2 edits waiting")
	term.Send("[")
	term.WaitFor(10*time.Second, "3 edits waiting")
	killApp(t, term)
	// The kill may cut an escape sequence short, which eats the start of
	// the exit line: its status is what counts.
	term.WaitFor(10*time.Second, " 137]")

	s = startServe(t, "--data", data, "--addr", addr)
	term = startTerminal(t, 140, 40, appHomeEnv(home, s), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 24")
	term.WaitFor(20*time.Second, "sent ")
	deadline := time.Now().Add(30 * time.Second)
	for screen := term.Screen(); strings.Contains(screen, "edits waiting") || strings.Contains(screen, "edit waiting") ||
		countComments(t, s, other, "<p>Back to work: reopened offline</p>") == 0; screen = term.Screen() {
		if time.Now().After(deadline) {
			t.Fatalf("edits still waiting after the restart:\n%s\n%s", screen, runTriage(t, home, s, "log"))
		}
		time.Sleep(100 * time.Millisecond)
	}
	term.Send("q")
	term.Exited(10 * time.Second)

	got := otherStory()
	if got.Status != "planning" || got.Owner != wantOwners {
		t.Errorf("after the restart the service has status %s, owners %q; want planning, %q", got.Status, got.Owner, wantOwners)
	}
	if n := countComments(t, s, other, "<p>Back to work: reopened offline</p>"); n != 1 {
		t.Errorf("the offline comment is on the service %d times, want once", n)
	}
	out := runTriage(t, home, s, "log")
	for _, want := range []string{"status Planning → Developing", "status Developing → Planning", "owner ", "iteration ", `comment "Planned for this sprint`} {
		if !strings.Contains(out, want) {
			t.Errorf("triage log lacks %q:\n%s", want, out)
		}
	}
}

var cursorCard = regexp.MustCompile(`▌  #(\d+) · (\w+)`)

// cardUnderCursor is the full id of the story under the cursor, which must
// be in status.
func cardUnderCursor(t *testing.T, term *terminal, status string) string {
	t.Helper()
	m := cursorCard.FindStringSubmatch(term.Screen())
	if m == nil || m[2] != status {
		t.Fatalf("no %s story under the cursor:\n%s", status, term.Screen())
	}
	return "1110022001" + strings.Repeat("0", 9-len(m[1])) + m[1]
}

// currentIteration is the id of the iteration of workspace 10022001 whose
// dates hold today (the service's day).
func currentIteration(t *testing.T, s *served) string {
	t.Helper()
	var list []map[string]map[string]string
	getJSON(t, s, "/iterations", url.Values{"workspace_id": {"10022001"}, "limit": {"200"}}, &list)
	today := time.Now().In(api.ServiceZone).Format(time.DateOnly)
	for _, w := range list {
		it := w["Iteration"]
		if it["startdate"] <= today && today <= it["enddate"] {
			return it["id"]
		}
	}
	t.Fatal("no current iteration on the service")
	return ""
}

// countComments counts the comments on story id with this text.
func countComments(t *testing.T, s *served, id, text string) int {
	t.Helper()
	var list []map[string]map[string]string
	getJSON(t, s, "/comments", url.Values{"workspace_id": {"10022001"}, "entry_type": {"stories"}, "entry_id": {id}, "limit": {"200"}}, &list)
	n := 0
	for _, w := range list {
		if w["Comment"]["description"] == text {
			n++
		}
	}
	return n
}

// getJSON reads an interface of the service with its API account.
func getJSON(t *testing.T, s *served, path string, q url.Values, v any) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.env["TRIAGE_BASE_URL"]+path+"?"+q.Encode(), nil)
	req.SetBasicAuth(s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"])
	var raw json.RawMessage
	if status := callJSON(t, req, &raw); status != http.StatusOK {
		t.Fatalf("GET %s: status %d", path, status)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
}

// toggled is a nick list with nick removed, or added when it was missing.
func toggled(list, nick string) string {
	owners := store.Owners(list)
	if at := slices.Index(owners, nick); at >= 0 {
		return store.JoinOwners(slices.Delete(owners, at, at+1))
	}
	return store.JoinOwners(append(owners, nick))
}
