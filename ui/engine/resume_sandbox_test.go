package engine

import (
	"context"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/store"
)

// pageGate lets the pages of a whole list up to open through and holds the
// others until their request is cancelled; it records the pages asked (a
// delta's, filtered on modified, are others).
type pageGate struct {
	open  int // the last page let through; 0: every page
	mu    sync.Mutex
	asked []int
	other int // requests that are not pages of a list
}

func (g *pageGate) RoundTrip(r *http.Request) (*http.Response, error) {
	q := r.URL.Query()
	page, _ := strconv.Atoi(q.Get("page"))
	isPage := r.Method == http.MethodGet && page > 0 && q.Get("limit") == strconv.Itoa(api.PageSize) && q.Get("modified") == ""
	g.mu.Lock()
	if isPage {
		g.asked = append(g.asked, page)
	} else {
		g.other++
	}
	g.mu.Unlock()
	if isPage && g.open > 0 && page > g.open {
		<-r.Context().Done()
		return nil, r.Context().Err()
	}
	return http.DefaultTransport.RoundTrip(r)
}

func (g *pageGate) pages() []int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Sorted(slices.Values(g.asked))
}

// cachedEngine is an engine on the sandbox as the demo user, with a cache,
// whose requests go through gate; the time to keep a load's pages comes at
// once (partSaveEvery), no other timer.
func cachedEngine(t *testing.T, srv *sandbox.Running, cache *store.Cache, gate *pageGate) *Engine {
	t.Helper()
	ctx := demoContext(srv, sandboxtest.DemoClient(srv, api.WithHTTPClient(&http.Client{Transport: gate})))
	ctx.Cache = cache
	g := New(ctx)
	g.After = func(_ time.Duration, msg tea.Msg) tea.Cmd {
		if tick, ok := msg.(partTickMsg); ok {
			return func() tea.Msg { return tick }
		}
		return nil
	}
	return g
}

// drive runs cmd and what its messages lead to, the engine's messages
// handled on this goroutine, until done says so after a message.
func drive(t *testing.T, g *Engine, cmd tea.Cmd, done func() bool) {
	t.Helper()
	msgs := make(chan tea.Msg, 256)
	var start func(tea.Cmd)
	start = func(cmd tea.Cmd) {
		if cmd != nil {
			go func() { msgs <- cmd() }()
		}
	}
	start(cmd)
	timeout := time.After(time.Minute)
	for !done() {
		select {
		case msg := <-msgs:
			switch msg := msg.(type) {
			case tea.BatchMsg:
				for _, c := range msg {
					start(c)
				}
			default:
				if next, ok := g.Update(msg); ok {
					start(next)
				}
			}
		case <-timeout:
			t.Fatal("the engine did not get there in a minute")
		}
	}
}

// TestAFirstLoadResumesAfterARestart: a first load of 7 pages stopped after
// its first 3 (the app killed while the rest wait) keeps those 3 in the
// cache; the next start shows their 600 stories at once, asks only for
// pages 4 to 7, ends with every story once, caches the whole board, and
// closes the gap by one refresh by delta: a story of the pages kept,
// renamed while the app was closed, shows its new name.
func TestAFirstLoadResumesAfterARestart(t *testing.T) {
	srv := sandboxtest.Start(t, sandbox.Options{ExtraItems: 1000})
	cache := tempCache(t)
	cached := func() store.Snapshot {
		t.Helper()
		snap, ok, err := cache.Load(srv.URL, "demo", 10022001, api.Story)
		if err != nil || !ok {
			t.Fatalf("nothing cached: %v", err)
		}
		return snap
	}

	first := &pageGate{open: 3}
	g := cachedEngine(t, srv, cache, first)
	g.Open(10022001)
	drive(t, g, g.Load(api.Story), func() bool {
		l := &g.loads[api.Story]
		return len(l.part.pages) == 3 && !l.part.dirty && l.part.saving != nil && isClosed(l.part.saving)
	})
	g.stopLoads() // the app is killed
	part := cached()
	if !reflect.DeepEqual(part.Listed, map[int]int{1: 200, 2: 200, 3: 200}) || len(part.Items) != 600 {
		t.Fatalf("the cache keeps pages %v with %d stories; want pages 1-3 with 600", part.Listed, len(part.Items))
	}

	// Meanwhile someone renames a story of the pages kept.
	renamed := part.Items[10]
	direct := sandboxtest.DemoClient(srv)
	if _, err := direct.Update(context.Background(), 10022001, api.Story, renamed.ID, map[string]string{"name": "Renamed while triage was closed"}, "alice"); err != nil {
		t.Fatal(err)
	}

	again := &pageGate{}
	g = cachedEngine(t, srv, cache, again)
	g.Open(10022001)
	shown := 0
	drive(t, g, g.Load(api.Story), func() bool {
		if shown == 0 {
			shown = len(g.Items(api.Story).List)
		}
		return !g.Progress(api.Story).Busy && g.ctx.Tasks.Idle()
	})
	if shown != 600 {
		t.Errorf("the start showed %d stories first; want the 600 kept", shown)
	}
	total, err := direct.Count(context.Background(), 10022001, api.Story, nil)
	if err != nil {
		t.Fatal(err)
	}
	var rest []int
	for p := 4; p <= (total+api.PageSize-1)/api.PageSize; p++ {
		rest = append(rest, p)
	}
	if got := again.pages(); !slices.Equal(got, rest) {
		t.Errorf("the start asked for pages %v; want %v", got, rest)
	}
	items := g.Items(api.Story)
	ids := map[string]bool{}
	for _, it := range items.List {
		ids[it.ID] = true
		if it.ID == renamed.ID && it.Title != "Renamed while triage was closed" {
			t.Errorf("story %s shows %q; want the name it was given meanwhile", it.ID, it.Title)
		}
	}
	if len(items.List) != total || len(ids) != total || !items.Complete {
		t.Errorf("the board holds %d stories (%d ids, complete %v); want the %d of the service once", len(items.List), len(ids), items.Complete, total)
	}
	whole := cached()
	if whole.Listed != nil || len(whole.Items) != total {
		t.Errorf("the cache holds %d stories, pages %v; want the whole board", len(whole.Items), whole.Listed)
	}
	t.Logf("the start made %d page requests and %d others", len(again.pages()), again.other)
}

// isClosed reports whether ch is closed.
func isClosed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}
