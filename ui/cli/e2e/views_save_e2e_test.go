package e2e

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// countingProxy forwards to target and counts the requests it forwards.
func countingProxy(t *testing.T, target string, n *atomic.Int64) string {
	t.Helper()
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

// TestSaveAViewFromTheBoard: against `triage serve`, the board's ctrl+s
// saves what it shows (bugs, a filter, a list grouped by status, sorted)
// as a named view in the config file, below the user's own lines, which
// stay as they were; : switches to another view and back; the next start
// shows the board as it was left, grouped by status, and offers the view.
// Saving sends no request to the service.
func TestSaveAViewFromTheBoard(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	var requests atomic.Int64
	env := appEnv(t, s, countingProxy(t, s.env["TRIAGE_BASE_URL"], &requests))
	mine := "# my settings\ntheme: dark   # dark, always\n\n# the end\n"
	writeAppConfig(t, env, mine)
	var configFile string
	for _, kv := range env {
		if dir, ok := strings.CutPrefix(kv, "XDG_CONFIG_HOME="); ok {
			configFile = filepath.Join(dir, "triage", "config.yaml")
		}
	}

	term := startTerminal(t, 140, 40, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240")
	term.Send(":")
	term.WaitFor(10*time.Second, "New since yesterday", "Mine", "Unplanned", "ctrl+s saves what is shown")
	term.Send("Escape")
	term.WaitFor(10*time.Second, "] next priority") // the board's help line, the picker closed
	term.Send("Tab")
	term.WaitFor(20*time.Second, "all bugs, unfiltered")
	term.Send("/")
	term.Type("prio:high")
	term.Send("Enter", "b", "v", "S")
	term.WaitFor(10*time.Second, "sorted by Priority ▼")
	before := requests.Load()
	term.Send("C-s")
	term.WaitFor(10*time.Second, "Save what is shown as a view", "bugs · list · grouped by status · sorted by -priority · filter prio:high")
	term.Type("High bugs by status")
	term.Send("Enter")
	term.WaitFor(10*time.Second, `saved the view "High bugs by status"`)
	if n := requests.Load() - before; n != 0 {
		t.Errorf("saving a view sent %d requests to the service, want none", n)
	}

	want := mine + `views:
  - name: New since yesterday
    query: created:yesterday
    mode: list
    sort: -id
  - name: Mine
    query: owner:@me is:open
  - name: Unplanned
    query: iter:none is:open
  - name: High bugs by status
    kind: bug
    query: prio:high
    mode: list
    group: status
    sort: -priority
`
	if data, err := os.ReadFile(configFile); err != nil || string(data) != want {
		t.Fatalf("the config file after saving (%v):\n%s\nwant:\n%s", err, data, want)
	}

	before = requests.Load()
	term.Send(":")
	term.WaitFor(10*time.Second, "High bugs by status (current)")
	term.Type("Unplanned")
	term.Send("Enter")
	term.WaitFor(20*time.Second, "view Unplanned", "iter:none is:open", "of 180 bugs") // switched: the picker's own line says iter:none is:open too
	term.Send(":")
	term.WaitFor(10*time.Second, "Unplanned (current)") // this picker, not the last one's remains
	term.Type("High bugs")
	term.Send("Enter")
	screen := term.WaitFor(20*time.Second, "prio:high", "of 180 bugs", "sorted by Priority ▼", "view High bugs by status")
	if !strings.Contains(screen, "Status") || !strings.Contains(screen, "Owner") {
		t.Errorf("back on the view, no list:\n%s", screen)
	}
	t.Logf("away to Unplanned (stories, loaded) and back to High bugs by status: %d requests", requests.Load()-before)
	term.Send("v")
	term.WaitFor(10*time.Second, "· New", "· In progress")
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Fatalf("triage ended with %s", exit)
	}

	again := startTerminal(t, 140, 40, env, triageBinary(t), "--insecure-storage")
	again.WaitFor(20*time.Second, "of 180 bugs", "· New", "· In progress")
	again.Send(":")
	again.WaitFor(10*time.Second, "4/4", "High bugs by status")
	again.Send("Escape")
	again.WaitFor(10*time.Second, "] next status")
	again.Send("q")
	if exit := again.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}
}
