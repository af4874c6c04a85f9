package e2e

import (
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestNewCardWhileOffline: against `triage serve`, stopped once the board
// is loaded, n and a title queue a new story whose card stands on the
// board at once, under the cursor, marked as not created yet; u says a new
// item is not undone; once the service is back and R sends the waiting
// edits, the card becomes the story the service made (#241), in place and
// once, the cursor still on it, and the service holds it once.
func TestNewCardWhileOffline(t *testing.T) {
	requireTmux(t)
	addr := freeAddr(t)
	data := filepath.Join(t.TempDir(), "sandbox.db")
	home := t.TempDir()
	s := startServe(t, "--data", data, "--addr", addr)

	term := startTerminal(t, 120, 40, appHomeEnv(home, s), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240")
	if err := s.stop(t); err != nil {
		t.Fatalf("serve did not stop cleanly: %v\n%s", err, s.stderr)
	}

	title := fmt.Sprintf("Card while offline %d", time.Now().UnixNano()%1000)
	term.Send("n")
	term.WaitFor(20*time.Second, "New story in Atlas Web")
	term.Type(title)
	term.Send("C-s")
	screen := term.WaitFor(20*time.Second, "not created yet", "1 edit waiting")
	t.Logf("the new story while the service is stopped:\n%s", screen)
	if !regexp.MustCompile(`▌ \*` + regexp.QuoteMeta(title)).MatchString(screen) {
		t.Errorf("the card is not under the cursor, marked pending:\n%s", screen)
	}
	if !strings.Contains(screen, "Stories 241") {
		t.Errorf("the tab does not count the new card:\n%s", screen)
	}
	term.Send("u")
	term.WaitFor(10*time.Second, "a new item is not undone")

	s = startServe(t, "--data", data, "--addr", addr)
	term.Send("R")
	screen = term.WaitFor(60*time.Second, "#241 · Planning")
	t.Logf("once the service is back:\n%s", screen)
	board := screen[:strings.LastIndex(strings.TrimRight(screen, "\n"), "\n")] // the status line may say "created #241 <title>"
	if strings.Contains(board, "not created yet") || strings.Count(board, title) != 1 ||
		!regexp.MustCompile(`▌  `+regexp.QuoteMeta(title)).MatchString(screen) {
		t.Errorf("the card did not become #241 in place, once, under the cursor:\n%s", screen)
	}
	made := 0
	for _, it := range readStory(t, s, url.Values{"name": {title}}) {
		if it.Title == title {
			made++
		}
	}
	if made != 1 {
		t.Errorf("the service holds %d stories titled %q, want 1", made, title)
	}
}
