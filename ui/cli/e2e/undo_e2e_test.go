package e2e

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// TestRenameThenUndoInTheService drives the built binary in tmux against
// `triage serve`: move a card, rename another in the editor, then press u.
// u undoes the rename (the last step), not the older move: the service
// holds the old title again and the card's priority stays moved.
func TestRenameThenUndoInTheService(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	rec := &recorder{}
	proxy := rec.wrap(t, s.env["TRIAGE_BASE_URL"])

	term := startTerminal(t, 120, 40, appEnv(t, s, proxy.URL), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240", "Atlas Web", "demo (token)")
	term.Send("l", "]") // an older step: a move of one card
	waitWrites(t, term, rec, 1)
	term.Send("e")
	term.WaitFor(10*time.Second, "ctrl+s")
	term.Type(" (renamed)")
	term.Send("C-s")
	waitWrites(t, term, rec, 2)
	term.WaitFor(20*time.Second, `(renamed)"`) // the status line: #N renamed "…"
	term.Send("u")
	screen := term.WaitFor(20*time.Second, "undid #", `(renamed)" →`)
	writes := waitWrites(t, term, rec, 3)
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}

	move, rename, undo := writes[0], writes[1], writes[2]
	title := func(w map[string][]string) string {
		for _, k := range []string{"name", "title"} {
			if v := w[k]; len(v) > 0 {
				return v[0]
			}
		}
		return ""
	}
	renamed := title(rename)
	if !strings.HasSuffix(renamed, " (renamed)") {
		t.Fatalf("the rename wrote %v", rename)
	}
	if undo["id"][0] != rename["id"][0] || title(undo) != strings.TrimSuffix(renamed, " (renamed)") {
		t.Errorf("u wrote %v, want the old title of the renamed story %s back", undo, rename["id"][0])
	}
	if len(undo["priority_label"]) > 0 {
		t.Errorf("u wrote a priority: %v (the screen said:\n%s)", undo, screen)
	}

	read := func(id string) api.Item {
		req, _ := http.NewRequest(http.MethodGet, s.env["TRIAGE_BASE_URL"]+"/stories?workspace_id=10022001&fields=id,name,priority_label&id="+id, nil)
		req.SetBasicAuth(s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"])
		var list []json.RawMessage
		if status := callJSON(t, req, &list); status != http.StatusOK || len(list) != 1 {
			t.Fatalf("reading story %s back: status %d, %d items", id, status, len(list))
		}
		it, err := api.DecodeItem(api.Story, list[0])
		if err != nil {
			t.Fatal(err)
		}
		return it
	}
	if got := read(rename["id"][0]).Title; got != strings.TrimSuffix(renamed, " (renamed)") {
		t.Errorf("the service holds the title %q after u, want the old one", got)
	}
	if got := read(move["id"][0]).PriorityLabel; got != move["priority_label"][0] {
		t.Errorf("the moved story holds %q after u, want the move kept (%q)", got, move["priority_label"][0])
	}
}

// waitWrites waits until n writes reached the service, and returns them.
func waitWrites(t *testing.T, term *terminal, rec *recorder, n int) []map[string][]string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for len(rec.written()) < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d writes reached the service, want %d; the screen shows:\n%s", len(rec.written()), n, term.Screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
	var out []map[string][]string
	for _, w := range rec.written() {
		out = append(out, w)
	}
	return out
}
