package engine

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/ui/internal/uitest"
)

// requestLog records the requests that reach the service, in order: "page
// 3" for a page of a list, "read" for a read of named items, "write" for a
// write, the path for anything else.
type requestLog struct {
	mu   sync.Mutex
	seen []string
}

func (l *requestLog) RoundTrip(r *http.Request) (*http.Response, error) {
	q := r.URL.Query()
	what := r.URL.Path
	switch {
	case r.Method != http.MethodGet:
		what = "write"
	case q.Get("id") != "":
		what = "read"
	case q.Get("page") != "" && q.Get("limit") != "1":
		what = "page " + q.Get("page")
	}
	l.mu.Lock()
	l.seen = append(l.seen, what)
	l.mu.Unlock()
	return http.DefaultTransport.RoundTrip(r)
}

// since is what reached the service after the first n requests.
func (l *requestLog) since(n int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.seen[n:]...)
}

func (l *requestLog) len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.seen)
}

// TestAnEditGoesBeforeTheLoadsRemainingPages: while the first load of 7
// pages waits for the rate limit (2 requests a second here), a priority
// move is sent next: its read and its write take the next slots of the
// budget, before the pages the load still asks for (the user's own
// requests go first, api.UserFirst), and the load goes on after them.
func TestAnEditGoesBeforeTheLoadsRemainingPages(t *testing.T) {
	srv := sandboxtest.Start(t, sandbox.Options{ExtraItems: 1200})
	story := planningStory(t, sandboxtest.DemoClient(srv))
	budget, err := api.NewBudget(2, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	log := &requestLog{}
	client := sandboxtest.DemoClient(srv, api.WithBudget(budget), api.WithMaxInFlight(8), api.WithHTTPClient(&http.Client{Transport: log}))
	ctx := demoContext(srv, client)
	ctx.Edits = uitest.NewEdits(t, client, srv.URL)
	r := openedRig(t, ctx, 10022001)
	g := r.g
	g.SetFields(api.Story, uitest.PriorityFields(api.Story))
	g.KnowCustomFields(api.Story, nil) // known, so that the load lists at once: its first answer is its pages

	// The load's commands run aside, their pages kept unread: only the
	// requests they make matter here, and the engine stays the test's.
	pages := make(chan struct{}, 1)
	var runAside func(tea.Cmd)
	runAside = func(cmd tea.Cmd) {
		if cmd == nil {
			return
		}
		switch msg := cmd().(type) {
		case tea.BatchMsg:
			for _, c := range msg {
				go runAside(c)
			}
		case pagesMsg:
			select {
			case pages <- struct{}{}:
			default:
			}
		}
	}
	go runAside(g.Load(api.Story))
	t.Cleanup(g.stopLoads)
	<-pages
	mark := log.len()
	_, cmd := g.Apply(api.Story, Change{Item: story, Field: Priority, To: "Low"})
	r.run(cmd)
	after := log.since(mark)
	t.Logf("after the move the service saw %v", after)
	write := -1
	for i, what := range after {
		if what == "write" {
			write = i
			break
		}
	}
	if write < 0 {
		t.Fatalf("the move was not written; the service saw %v", after)
	}
	before := 0
	for _, what := range after[:write] {
		if strings.HasPrefix(what, "page ") {
			before++
		}
	}
	// A page may have taken its slot as the move was made; no more.
	if before > 1 || !strings.Contains(strings.Join(after[:write], ","), "read") {
		t.Errorf("after the move was made the service saw %v before its write; want its read, and at most one page", after[:write])
	}
}
