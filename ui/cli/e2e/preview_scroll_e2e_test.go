package e2e

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestPreviewScrolls drives the built binary in tmux at 120×40 against
// `triage serve`, on a story given two long comments: the preview pane
// shows the item up to its comments and says how many lines follow, naming the keys;
// ctrl+d scrolls down to the second comment's end, ctrl+u back; `?` lists
// both keys.
func TestPreviewScrolls(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	for n := 1; n <= 2; n++ {
		form := url.Values{"workspace_id": {"10022001"}, "entry_type": {"stories"}, "entry_id": {"1110022001000000003"}, "author": {"alice"},
			"description": {fmt.Sprintf("<p>Comment %d starts.</p><p>Its second line.</p><p>Its third line.</p><p>Its fourth line.</p><p>Comment %d ends.</p>", n, n)}}
		req, _ := http.NewRequest(http.MethodPost, s.env["TRIAGE_BASE_URL"]+"/comments", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.SetBasicAuth(s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"])
		var created json.RawMessage
		if status := callJSON(t, req, &created); status != http.StatusOK {
			t.Fatalf("adding comment %d: status %d", n, status)
		}
	}
	term := startTerminal(t, 120, 40, appEnv(t, s, s.env["TRIAGE_BASE_URL"]), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240", "#3 · Planning") // story 3 is the first card
	term.Send("P")
	first := term.WaitFor(20*time.Second, "Release train   2025.10", "more lines · ctrl+d/ctrl+u scroll")
	if strings.Contains(first, "Comment 2 ends.") {
		t.Fatalf("the pane shows the end of the second comment before scrolling:\n%s", first)
	}
	for range 6 {
		term.Send("C-d")
	}
	end := term.WaitFor(10*time.Second, "Comment 2 ends.", "lines above")
	if strings.Contains(end, "more lines") {
		t.Errorf("scrolled to the end, the pane still says more lines follow:\n%s", end)
	}
	for range 6 {
		term.Send("C-u")
	}
	term.WaitFor(10*time.Second, "#3 Rework project templates", "more lines")
	term.Send("?")
	term.Send("G")
	term.WaitFor(10*time.Second, "scroll the preview down", "scroll the preview up")
}
