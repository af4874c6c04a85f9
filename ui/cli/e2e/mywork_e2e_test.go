package e2e

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestListMineGolden: `triage list --mine` prints the open items waiting on
// the demo user in the three workspaces of the service, each row naming its
// workspace: by priority on a terminal, by workspace piped, and as JSON;
// a filter is refused.
func TestListMineGolden(t *testing.T) {
	env := scriptService(t)
	tests := []struct {
		name string
		tty  bool
		args []string
	}{
		{"list_mine_table", true, []string{"list", "--mine", "--by", "priority", "--limit", "12"}},
		{"list_mine_plain", false, []string{"list", "--mine", "--kind", "story", "--limit", "5"}},
		{"list_mine_json", false, []string{"list", "--mine", "--json", "--limit", "2"}},
		{"list_mine_with_filter", false, []string{"list", "--mine", "status:new"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, filepath.Join("cli", tt.name+".golden"), runScript(t, env, tt.tty, tt.args...))
		})
	}
}

// queryCounter is a reverse proxy in front of the service that counts the
// requests by method and path, and the item lists asked for what changed
// (modified=…) apart, as "GET /stories?modified".
type queryCounter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *queryCounter) wrap(t *testing.T, target string) *httptest.Server {
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		k := r.Method + " " + r.URL.Path
		if r.URL.Query().Has("modified") {
			k += "?modified"
		}
		c.mu.Lock()
		c.n[k]++
		c.mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// quiet waits until no request came for d (a loaded machine delays the
// app's background reads), at most 20 s.
func (c *queryCounter) quiet(t *testing.T, d time.Duration) {
	t.Helper()
	total := func() int {
		c.mu.Lock()
		defer c.mu.Unlock()
		n := 0
		for _, v := range c.n {
			n += v
		}
		return n
	}
	deadline := time.Now().Add(20 * time.Second)
	for last := -1; time.Now().Before(deadline); time.Sleep(d) {
		n := total()
		if n == last {
			return
		}
		last = n
	}
	t.Fatalf("the app kept making requests for 20 s: %v", c.n)
}

// take returns the counts since the last take.
func (c *queryCounter) take() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.n
	c.n = map[string]int{}
	return out
}

// todoReads sums the requests my work makes: the workspaces, the to-dos,
// the final statuses and the lists of what changed.
func todoReads(n map[string]int) int {
	total := 0
	for k, v := range n {
		if strings.Contains(k, "user_participant_projects") || strings.Contains(k, "get_user_todo_") ||
			strings.Contains(k, "last_steps") || strings.HasSuffix(k, "?modified") && !strings.Contains(k, "/count") {
			total += v
		}
	}
	return total
}

// fieldReads sums the reads of field information in counts.
func fieldReads(counts ...map[string]int) int {
	total := 0
	for _, n := range counts {
		for k, v := range n {
			if strings.HasSuffix(k, "/get_fields_info") {
				total += v
			}
		}
	}
	return total
}

// myWorkCursor reads the card under the cursor: its workspace, kind and number.
var myWorkCursor = regexp.MustCompile(`▌ (\S+(?: \S+)?)\s+(story|bug|task)\s+#(\d+)\s+(\S+)`)

// TestMyWorkAcrossWorkspaces drives the built binary in tmux at 120×40
// against `triage serve`: W on the board shows the items waiting on demo in
// the three workspaces, read with one request per workspace and kind for
// the to-dos and one for the final statuses; b groups them by priority; ]
// on a card of Billing Legacy, while the board shows Atlas Web, changes
// that item in Billing Legacy through the outbox, and u puts it back. Open
// again at once, the view draws the cache and reads nothing; r reads what
// changed, one request per workspace and kind.
func TestMyWorkAcrossWorkspaces(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	counter := &queryCounter{n: map[string]int{}}
	proxy := counter.wrap(t, s.env["TRIAGE_BASE_URL"])
	env := appEnv(t, s, proxy.URL)
	term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240", "240 stories")
	counter.take()

	term.Send("W")
	screen := term.WaitFor(20*time.Second, "My work · 718 items in 3 workspaces · by workspace · updated just now", "Atlas Web (240)")
	cold := counter.take()
	for path, want := range map[string]int{"GET /workspaces/user_participant_projects": 1, "GET /user_oauth/get_user_todo_story": 3,
		"GET /user_oauth/get_user_todo_bug": 3, "GET /user_oauth/get_user_todo_task": 3, "GET /workflows/last_steps": 3 * 3} {
		if cold[path] != want {
			t.Errorf("opening my work cold: %d requests %s, want %d (all: %v)", cold[path], path, want, cold)
		}
	}
	t.Logf("cold open: %d requests: %v\n%s", todoReads(cold), cold, screen)
	screen = term.WaitFor(20*time.Second, "Developing", "In progress")
	if strings.Contains(screen, " developing ") || strings.Contains(screen, " in_progress ") {
		t.Errorf("the cards show status codes, not the workflow's names:\n%s", screen)
	}
	time.Sleep(200 * time.Millisecond)
	named := fieldReads(counter.take(), cold)
	// Atlas Web's stories' field information is kept by the board's start.
	if named != 8 {
		t.Errorf("naming the statuses read the field information %d times, want 8: one per workspace and kind not kept", named)
	}
	t.Logf("status names: %d field information reads", named)

	term.Send("b")
	screen = term.WaitFor(10*time.Second, "by priority", "Urgent (")
	if !strings.Contains(screen, "星河移动") || !strings.Contains(screen, "Billing Legacy") {
		t.Errorf("by priority, the first screen names no card of 星河移动 or Billing Legacy:\n%s", screen)
	}
	term.Send("b", "G")
	screen = term.WaitUntil(10*time.Second, "the cursor on the last card, Billing Legacy's, grouped by workspace", func(screen string) bool {
		m := myWorkCursor.FindStringSubmatch(screen)
		return strings.Contains(screen, "by workspace") && m != nil && m[1] == "Billing Legacy"
	})
	m := myWorkCursor.FindStringSubmatch(screen)
	kind, short, before := m[2], m[3], m[4]
	id := "1110022003" + strings.Repeat("0", 9-len(short)) + short
	read := func() string {
		var out []map[string]map[string]string
		req, _ := http.NewRequest(http.MethodGet, s.env["TRIAGE_BASE_URL"]+"/"+kind+"s?workspace_id=10022003&fields=id,priority_label&id="+id, nil)
		req.Header.Set("Authorization", "Bearer "+s.env["TRIAGE_TOKEN"])
		callJSON(t, req, &out)
		for _, row := range out {
			for _, it := range row {
				return it["priority_label"]
			}
		}
		t.Fatalf("%s %s is not in Billing Legacy", kind, id)
		return ""
	}
	was := read()
	term.Send("]")
	screen = term.WaitFor(10*time.Second, "#"+short+" ")
	deadline := time.Now().Add(20 * time.Second)
	for read() == was && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	moved := read()
	if moved == was {
		t.Fatalf("] on %s #%s (%s) changed nothing in Billing Legacy:\n%s", kind, short, before, term.Screen())
	}
	t.Logf("] moved %s #%s in Billing Legacy: %s → %s", kind, short, was, moved)
	undoWhenSaved(t, term, short)
	for read() != was && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	if got := read(); got != was {
		t.Errorf("u left %s #%s at %q, want %q back", kind, short, got, was)
	}

	term.Send("Escape")
	term.WaitFor(10*time.Second, "240 stories")
	counter.quiet(t, time.Second) // what the board reads meanwhile is not my work's
	counter.take()
	term.Send("W")
	term.WaitFor(10*time.Second, "My work · 718 items in 3 workspaces")
	again := counter.take()
	if n := todoReads(again) + fieldReads(again); n != 0 {
		t.Errorf("opening my work again at once read %d times, want none: the cache is fresh (%v)", n, again)
	}
	term.Send("r")
	term.WaitFor(20*time.Second, "updated just now")
	time.Sleep(200 * time.Millisecond)
	warm := counter.take()
	for _, path := range []string{"GET /stories?modified", "GET /bugs?modified", "GET /tasks?modified"} {
		if warm[path] != 3 {
			t.Errorf("r asked %d times %s, want 3: one per workspace (all: %v)", warm[path], path, warm)
		}
	}
	if n := todoReads(warm); n != 1+9 {
		t.Errorf("r made %d requests, want 10: the workspaces and one per workspace and kind (%v)", n, warm)
	}
	t.Logf("warm refresh: %d requests: %v", todoReads(warm), warm)
}

// undoWhenSaved presses u once the change is saved (the status line no
// longer says "saving #N"): pressed while it is still being saved, u says
// to press again in a moment.
func undoWhenSaved(t *testing.T, term *terminal, short string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for strings.Contains(term.Screen(), "saving #"+short) && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	term.Send("u")
	term.WaitFor(10*time.Second, "undid #"+short)
}
