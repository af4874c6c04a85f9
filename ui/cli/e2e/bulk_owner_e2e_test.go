package e2e

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"triage/store"
)

// TestBulkOwnerChange, end to end with the built binary in tmux against
// `triage serve`: two marked stories get alice as an owner at once with a;
// the preview names each owner before and after; once confirmed, both
// have alice on the service, their other owners kept, and one u takes it
// back from both.
func TestBulkOwnerChange(t *testing.T) {
	requireTmux(t)
	addr := freeAddr(t)
	data := filepath.Join(t.TempDir(), "sandbox.db")
	home := t.TempDir()
	s := startServe(t, "--data", data, "--addr", addr)
	term := startTerminal(t, 140, 40, appHomeEnv(home, s), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240")

	first := cardUnderCursor(t, term, "Planning")
	term.Send("Space", "j")
	second := cardUnderCursor(t, term, "Planning")
	term.Send("Space")
	term.WaitFor(5*time.Second, "marked #")
	owners := map[string]string{}
	for _, id := range []string{first, second} {
		owners[id] = readStory(t, s, url.Values{"id": {id}})[0].Owner
		if strings.Contains(owners[id], "alice;") {
			t.Fatalf("story %s has alice already (%q): the test needs two stories without her", id, owners[id])
		}
	}

	term.Send("a")
	term.WaitFor(5*time.Second, "Owners of 2 marked", "alice")
	term.Type("alice")
	term.Send("Enter")
	term.WaitFor(5*time.Second, "✓ alice")
	term.Send("Up", "Up", "Up")
	term.Send("Enter")
	preview := term.WaitFor(5*time.Second, "Set the owner of 2 marked stories?", "2 items: owner", "alice", "y/enter confirms")
	t.Logf("the bulk preview:\n%s", preview)
	term.Send("y")
	term.WaitFor(10*time.Second, "2 moved")
	for id, before := range owners {
		got := readStory(t, s, url.Values{"id": {id}})[0].Owner
		if want := store.JoinOwners(append(store.Owners(before), "alice")); got != want {
			t.Errorf("story %s is owned by %q on the service, want %q", id, got, want)
		}
	}

	term.Send("u")
	deadline := time.Now().Add(10 * time.Second)
	for id, before := range owners {
		for readStory(t, s, url.Values{"id": {id}})[0].Owner != before && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		if got := readStory(t, s, url.Values{"id": {id}})[0].Owner; got != before {
			t.Errorf("after u, story %s is owned by %q, want %q back", id, got, before)
		}
	}
}
