package e2e

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"triage/api"
)

// recorder is a reverse proxy in front of the service that keeps the form
// bodies of the writes passing through it.
type recorder struct {
	mu     sync.Mutex
	writes []url.Values
}

func (rec *recorder) wrap(t *testing.T, target string) *httptest.Server {
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			if form, err := url.ParseQuery(string(body)); err == nil {
				form.Set(":path", r.URL.Path)
				rec.mu.Lock()
				rec.writes = append(rec.writes, form)
				rec.mu.Unlock()
			}
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func (rec *recorder) written() []url.Values {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return slices.Clone(rec.writes)
}

// appEnv is the environment of an app run that touches nothing of the user's.
func appEnv(t testing.TB, s *served, base string) []string {
	home := t.TempDir()
	return []string{
		"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"TERM=xterm-256color", "TRIAGE_BASE_URL=" + base, "TRIAGE_AUTH_URL=" + s.env["TRIAGE_AUTH_URL"],
		"TRIAGE_WEB_URL=" + s.env["TRIAGE_WEB_URL"], "TRIAGE_TOKEN=" + s.env["TRIAGE_TOKEN"], "TRIAGE_WORKSPACE=10022001",
	}
}

// TestBoardMovesABugInTheService drives the built binary in tmux against
// `triage serve`: log in with a personal token from the environment, open
// the Bugs tab, move a bug with ], and check in the service that its
// priority_label changed, and that no legacy priority was sent.
func TestBoardMovesABugInTheService(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	rec := &recorder{}
	proxy := rec.wrap(t, s.env["TRIAGE_BASE_URL"])

	term := startTerminal(t, 120, 40, appEnv(t, s, proxy.URL), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240", "Atlas Web", "demo (token)")
	term.Send("Tab")
	term.WaitFor(20*time.Second, "Bugs 180", "180 bugs")
	term.Send("l", "]") // the first card of the first priority column, one column on
	deadline := time.Now().Add(20 * time.Second)
	for len(rec.written()) == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no write reached the service; the screen shows:\n%s", term.Screen())
		}
		time.Sleep(50 * time.Millisecond)
	}
	term.WaitFor(20*time.Second, "紧急 → 高") // the status line says what changed
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}

	writes := rec.written()
	if len(writes) != 1 {
		t.Fatalf("%d writes reached the service, want 1: %v", len(writes), writes)
	}
	w := writes[0]
	if w.Get(":path") != "/bugs" || w.Get("id") == "" || w.Get("workspace_id") != "10022001" || w.Get("current_user") != "demo" {
		t.Errorf("the write was %v", w)
	}
	if w.Has("priority") {
		t.Errorf("the legacy priority was sent: %v", w)
	}
	// The first option of the Atlas Web bugs is urgent; ] moves a card of it to the second.
	if got := w.Get("priority_label"); got != "high" {
		t.Errorf("priority_label sent = %q, want high (the option after urgent)", got)
	}

	req, _ := http.NewRequest(http.MethodGet, s.env["TRIAGE_BASE_URL"]+"/bugs?workspace_id=10022001&fields=id,priority_label&id="+w.Get("id"), nil)
	req.SetBasicAuth(s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"])
	var list []json.RawMessage
	if status := callJSON(t, req, &list); status != http.StatusOK || len(list) != 1 {
		t.Fatalf("reading the bug back: status %d, %d items", status, len(list))
	}
	bug, err := api.DecodeItem(api.Bug, list[0])
	if err != nil {
		t.Fatal(err)
	}
	if bug.PriorityLabel != "high" {
		t.Errorf("the service holds priority_label %q, want high", bug.PriorityLabel)
	}
}
