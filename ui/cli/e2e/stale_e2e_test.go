package e2e

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// TestStaleBoardAsksBeforeOverwriting drives the built binary in tmux
// against `triage serve`: the board is open when someone else changes a
// story through the API; a move of that story does not overwrite the
// change but asks. Keep mine writes, and the log says what it replaced;
// take theirs (on a second story) leaves the service as the other left it.
func TestStaleBoardAsksBeforeOverwriting(t *testing.T) {
	requireTmux(t)
	home := t.TempDir()
	s := startServe(t)
	term := startTerminal(t, 120, 40, appHomeEnv(home, s), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240", "demo (token)")

	// Keep mine: the first High story, set to Low meanwhile; 2 gives it Middle.
	term.Send("l")
	first := selectedStory(t, term)
	setStoryPriority(t, s, first, "Low")
	term.Send("2")
	term.WaitFor(20*time.Second, "Changed meanwhile by someone else", "Its priority is now Low; you set Middle", "m keep mine")
	if got := readStory(t, s, url.Values{"id": {first}}); len(got) != 1 || got[0].PriorityLabel != "Low" {
		t.Fatalf("story %s before the answer: %+v, want Low left as the other set it", first, got)
	}
	term.Send("m")
	term.WaitFor(20*time.Second, "Low → Middle")
	if got := readStory(t, s, url.Values{"id": {first}}); len(got) != 1 || got[0].PriorityLabel != "Middle" {
		t.Errorf("story %s after keep mine: %+v, want Middle", first, got)
	}

	// Take theirs: another High story, set to Nice To Have meanwhile; the
	// cursor stayed in High, on the story after the first.
	second := selectedStory(t, term)
	for deadline := time.Now().Add(5 * time.Second); second == first; second = selectedStory(t, term) {
		if time.Now().After(deadline) {
			t.Fatalf("the cursor stayed on %s:\n%s", first, term.Screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
	setStoryPriority(t, s, second, "Nice To Have")
	term.Send("2")
	term.WaitFor(20*time.Second, "Changed meanwhile by someone else", "Its priority is now Nice To Have; you set Middle")
	term.Send("t")
	term.WaitFor(20*time.Second, "took the other change")
	if got := readStory(t, s, url.Values{"id": {second}}); len(got) != 1 || got[0].PriorityLabel != "Nice To Have" {
		t.Errorf("story %s after take theirs: %+v, want Nice To Have", second, got)
	}

	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}
	out := runTriage(t, home, s, "log")
	want := map[string][]string{first: {"Low → Middle", "sent"}, second: {"High → Middle", "discarded"}}
	for _, line := range strings.Split(out, "\n") {
		for id, texts := range want {
			short := "#" + api.ShortID(id) + "\t"
			if strings.Contains(line, short) && strings.Contains(line, texts[0]) && strings.Contains(line, texts[1]) {
				delete(want, id)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("triage log lacks %v:\n%s", want, out)
	}
}

// setStoryPriority changes a story's priority through the API, as another
// client would.
func setStoryPriority(t *testing.T, s *served, id, label string) {
	t.Helper()
	form := url.Values{"workspace_id": {"10022001"}, "id": {id}, "priority_label": {label}, "current_user": {"someone_else"}}
	req, _ := http.NewRequest(http.MethodPost, s.env["TRIAGE_BASE_URL"]+"/stories", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"])
	var answer map[string]any
	if status := callJSON(t, req, &answer); status != http.StatusOK {
		t.Fatalf("setting story %s to %s: status %d", id, label, status)
	}
}
