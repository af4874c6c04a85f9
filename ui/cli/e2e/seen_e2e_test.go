package e2e

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// TestSeenMarksAnotherUsersChange drives the built binary in tmux against
// `triage serve`: the first open of a real account marks nothing; a story
// alice changes through the service's API is marked after r, the tab
// counts it, N goes to it and the preview shows her change, before →
// after, by name; the mark is kept across a restart, and goes once the
// cursor has rested on the card and moved on.
func TestSeenMarksAnotherUsersChange(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	env := appEnv(t, s, s.env["TRIAGE_BASE_URL"])
	term := startTerminal(t, 160, 50, env, triageBinary(t), "--insecure-storage")
	screen := term.WaitFor(20*time.Second, "Stories 240", "240 stories")
	if tabs := strings.SplitN(screen, "\n", 2)[0]; strings.Contains(tabs, "new") {
		t.Fatalf("the first open of an account marks something: %q", tabs)
	}

	story := firstStory(t, s)
	before, after := story.PriorityLabel, "Low"
	if before == "Low" {
		after = "High"
	}
	form := url.Values{"workspace_id": {"10022001"}, "id": {story.ID}, "priority_label": {after}, "current_user": {"alice"}}
	req, _ := http.NewRequest(http.MethodPost, s.env["TRIAGE_BASE_URL"]+"/stories", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"])
	var written json.RawMessage
	if status := callJSON(t, req, &written); status != http.StatusOK {
		t.Fatalf("alice's change: status %d", status)
	}

	term.Send("r")
	term.WaitFor(20*time.Second, "Stories 240 · 1 new")
	term.Send("P", "N")
	change := "priority " + before + " → " + after
	screen = term.WaitFor(20*time.Second, "Changed since you last looked", "Alice Chen (alice) · ", change)
	t.Logf("a card marked new and its change in the preview:\n%s", screen)
	if !strings.Contains(screen, "~"+story.Title[:12]) {
		t.Errorf("the card of #%s is not marked ~:\n%s", story.ShortID(), screen)
	}
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Fatalf("triage ended with %s", exit)
	}

	term = startTerminal(t, 160, 50, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240 · 1 new")
	term.Send("N", "j")
	deadline := time.Now().Add(10 * time.Second)
	for {
		tabs := strings.SplitN(term.Screen(), "\n", 2)[0]
		if strings.Contains(tabs, "Stories 240") && !strings.Contains(tabs, "new") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the mark stays once the cursor left the card: %q", tabs)
		}
		time.Sleep(50 * time.Millisecond)
	}
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}
}

// firstStory is the first story of Atlas Web, read from the service.
func firstStory(t *testing.T, s *served) api.Item {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.env["TRIAGE_BASE_URL"]+"/stories?workspace_id=10022001&limit=1&order=id%20asc", nil)
	req.SetBasicAuth(s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"])
	var list []json.RawMessage
	if status := callJSON(t, req, &list); status != http.StatusOK || len(list) != 1 {
		t.Fatalf("reading a story: status %d, %d items", status, len(list))
	}
	it, err := api.DecodeItem(api.Story, list[0])
	if err != nil {
		t.Fatal(err)
	}
	return it
}
