package e2e

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"triage/api"
	"triage/store"
)

// TestSetQueuesWhatTheServiceCouldNotTake: every answer the client treats
// as passing (a proxy's 503, 502 and 504 pages, a JSON 500, a 429 after
// the retries, a refused connection, a 503 to the write alone) makes set
// exit 3; with --queue the edit is kept, and sent exactly once when the
// service answers again.
func TestSetQueuesWhatTheServiceCouldNotTake(t *testing.T) {
	f := newFrontDoor(t)
	home := t.TempDir()
	f.login(home)
	env := f.env(home)
	cases := []struct {
		answer, item, from, to string
	}{
		{answerNginx503, "1", "", ""},
		{answer502, "2", "", ""},
		{answer504, "3", "", ""},
		{answerJSON500, "4", "", ""},
		{answer429, "5", "", ""},
		{answerRefused, "6", "", ""},
		{answerWrite503, "7", "", ""},
	}
	for i, c := range cases {
		cases[i].from = priorityOfStory(t, env, c.item)
		cases[i].to = "Low"
		if cases[i].from == "Low" {
			cases[i].to = "High"
		}
	}
	f.requests()
	for _, c := range cases {
		f.set(c.answer)
		_, errOut, code := runBinary(t, env, "", "set", c.item, "--kind", "story", "--priority", c.to, "--if-priority", c.from, "--queue")
		if code != 3 || !strings.Contains(errOut, "queued: kept in the outbox") || !strings.Contains(errOut, "sent once") {
			t.Errorf("%s: set --queue exit %d, want 3 and the edit kept\n%s", c.answer, code, errOut)
		}
	}
	f.set("")
	if n := count(f.requests(), "POST"); n != 0 {
		t.Errorf("%d writes reached the service while it was down", n)
	}
	if got := len(f.pending(home)); got != len(cases) {
		t.Fatalf("%d edits wait in the outbox, want %d", got, len(cases))
	}
	for _, res := range f.flush(home) {
		if res.Outcome != store.OutcomeSent && res.Outcome != store.OutcomeApplied {
			t.Errorf("edit of %s: %s (%v)", res.Edit.ItemID, res.Outcome, res.Err)
		}
	}
	f.flush(home)
	reqs := f.requests()
	for _, c := range cases {
		id := api.LongIDs(10022001, c.item)[0]
		if n := count(reqs, "POST /stories?") + countWith(reqs, "POST", id) + count(reqs, "POST /stories/batch_update_story?"); n == 0 {
			t.Errorf("%s: story %s was not written", c.answer, c.item)
		}
		if got := priorityOfStory(t, env, c.item); got != c.to {
			t.Errorf("%s: story %s is %q after the outbox was sent, want %q", c.answer, c.item, got, c.to)
		}
	}
	// The kept edits go in one batch write (TAPD's batch_update_story).
	if n := count(reqs, "POST"); n != 1 {
		t.Errorf("%d writes for %d kept edits, want one batch:\n%s", n, len(cases), strings.Join(reqs, "\n"))
	}
	if got := len(f.pending(home)); got != 0 {
		t.Errorf("%d edits still wait after they were sent", got)
	}
}

// countWith is how many of reqs start with prefix and hold s.
func countWith(reqs []string, prefix, s string) int {
	n := 0
	for _, r := range reqs {
		if strings.HasPrefix(r, prefix) && strings.Contains(r, s) {
			n++
		}
	}
	return n
}

// priorityOfStory reads a story's priority through view --json.
func priorityOfStory(t *testing.T, env []string, short string) string {
	t.Helper()
	out, errOut, code := runBinary(t, env, "", "view", short, "--kind", "story", "--json")
	if code != 0 {
		t.Fatalf("view story/%s: exit %d\n%s", short, code, errOut)
	}
	_, after, _ := strings.Cut(out, `"priority_label":"`)
	label, _, _ := strings.Cut(after, `"`)
	return label
}

// TestSetWithoutQueueKeepsNothing: behind a proxy whose service is down,
// set without --queue exits 3, says nothing was kept, and keeps nothing.
func TestSetWithoutQueueKeepsNothing(t *testing.T) {
	f := newFrontDoor(t)
	home := t.TempDir()
	f.login(home)
	f.set(answerNginx503)
	_, errOut, code := runBinary(t, f.env(home), "", "set", "6", "--kind", "story", "--priority", "High")
	if code != 3 || !strings.Contains(errOut, "Nothing was changed or kept") || !strings.Contains(errOut, "503") {
		t.Errorf("exit %d, want 3\n%s", code, errOut)
	}
	if got := f.pending(home); len(got) != 0 {
		t.Errorf("edits kept without --queue: %+v", got)
	}
}

// TestSetQueueFindsTheKindInTheCache: with the service stopped, a name
// without its kind is queued when the board's cache holds the one item it
// names, refused naming the items when the cache holds several, and
// refused saying how to name it when the cache holds none.
func TestSetQueueFindsTheKindInTheCache(t *testing.T) {
	f := newFrontDoor(t)
	home := t.TempDir()
	f.login(home)
	env := f.env(home)
	f.set(answerRefused)
	args := func(id string) []string {
		return []string{"set", id, "--priority", "Middle", "--if-priority", "Low", "--queue"}
	}
	_, errOut, code := runBinary(t, env, "", args("1000057")...)
	if code != 1 || !strings.Contains(errOut, "its kind and workspace are unknown without the service, and the board's cache does not hold it: pass --kind") {
		t.Errorf("nothing cached: exit %d\n%s", code, errOut)
	}

	cache, _ := store.OpenCache(filepath.Join(home, "cache", "triage", store.CacheFile))
	story := api.Item{Kind: api.Story, ID: api.LongIDs(10022001, "1000057")[0], Title: "Cached story", PriorityLabel: "Low"}
	bug := api.Item{Kind: api.Bug, ID: api.LongIDs(10022001, "8")[0], Title: "Cached bug", PriorityLabel: "Low"}
	task := api.Item{Kind: api.Task, ID: api.LongIDs(10022001, "8")[0], Title: "Cached task", PriorityLabel: "Low"}
	for _, s := range []struct {
		kind  api.Kind
		items []api.Item
	}{{api.Story, []api.Item{story}}, {api.Bug, []api.Item{bug}}, {api.Task, []api.Item{task}}} {
		if err := cache.Save(f.URL(), "demo", 10022001, s.kind, store.Snapshot{Items: s.items, SavedAt: time.Now()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := cache.Close(); err != nil {
		t.Fatal(err)
	}

	_, errOut, code = runBinary(t, env, "", args("1000057")...)
	if code != 3 || !strings.Contains(errOut, "queued: kept in the outbox") || !strings.Contains(errOut, "(story "+story.ID+")") {
		t.Errorf("one cached item: exit %d\n%s", code, errOut)
	}
	_, errOut, code = runBinary(t, env, "", args("8")...)
	if code != 1 || !strings.Contains(errOut, "it names 2 items of the board's cache: name one as bug/8 or task/8, or pass --kind") {
		t.Errorf("two cached items: exit %d\n%s", code, errOut)
	}
	if got := f.pending(home); len(got) != 1 || got[0].ItemID != story.ID || got[0].Kind != api.Story || got[0].WorkspaceID != 10022001 {
		t.Errorf("the outbox holds %+v, want the one story", got)
	}
}
