package e2e

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
	"testing"
	"time"
)

// pathCounter is a reverse proxy in front of the service that counts the
// requests to each path.
type pathCounter struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *pathCounter) wrap(t *testing.T, target string) *httptest.Server {
	u, err := url.Parse(target)
	if err != nil {
		t.Fatal(err)
	}
	proxy := httputil.NewSingleHostReverseProxy(u)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		c.n[r.Method+" "+r.URL.Path]++
		c.mu.Unlock()
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func (c *pathCounter) count(path string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[path]
}

// TestTabsCountKindsNotOpened drives the built binary in tmux at 120×40
// against `triage serve`: the Bugs and Tasks tabs show their counts before
// they are opened, read with one /bugs/count and one /tasks/count request
// and no list of either; opening Bugs lists them as before.
func TestTabsCountKindsNotOpened(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	counter := &pathCounter{n: map[string]int{}}
	proxy := counter.wrap(t, s.env["TRIAGE_BASE_URL"])
	term := startTerminal(t, 120, 40, appEnv(t, s, proxy.URL), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240  Bugs 180  Tasks 160", "240 stories")
	for path, want := range map[string]int{"GET /bugs/count": 1, "GET /tasks/count": 1, "GET /stories/count": 1, "GET /bugs": 0, "GET /tasks": 0} {
		if got := counter.count(path); got != want {
			t.Errorf("%d requests %s before Bugs and Tasks are opened, want %d", got, path, want)
		}
	}
	term.Send("Tab")
	term.WaitFor(20*time.Second, "180 bugs")
	if got := counter.count("GET /bugs"); got == 0 {
		t.Errorf("opening Bugs listed no bugs")
	}
	t.Logf("requests: %v", counter.n)
}
