package engine

import (
	"context"
	"maps"
	"net/http"
	"sync"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/store"
	"triage/ui/internal/uitest"
)

// The measures of issue 26, on the sandbox with its rate limit on, as
// `triage serve --rate 60 --rate-window 1m` runs it: each action's requests
// are counted as they reach the service, and a 429 would show as a request
// more (the client asks again). Each measure starts a service of its own, so
// that each has the minute's whole budget.

// limitedOptions is the service of the measures: 60 requests a minute.
var limitedOptions = sandbox.Options{Rate: 60, RateWindow: time.Minute}

// measureTransport counts the requests by method and path, and the
// answers by status.
type measureTransport struct {
	mu     sync.Mutex
	n      map[string]int
	status map[int]int
}

func (m *measureTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	m.mu.Lock()
	m.n[r.Method+" "+r.URL.Path]++
	m.mu.Unlock()
	res, err := http.DefaultTransport.RoundTrip(r)
	if err == nil {
		m.mu.Lock()
		m.status[res.StatusCode]++
		m.mu.Unlock()
	}
	return res, err
}

// take is the requests since the last take: reads, writes, by path, and
// how many the service refused for the rate limit.
func (m *measureTransport) take() (reads, writes int, paths map[string]int, limited int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for p, c := range m.n {
		if p[:4] == "GET " {
			reads += c
		} else {
			writes += c
		}
	}
	paths, limited = m.n, m.status[http.StatusTooManyRequests]
	m.n, m.status = map[string]int{}, map[int]int{}
	return reads, writes, paths, limited
}

// limitedEngine is an engine on a service of its own that allows 60
// requests a minute, opened on its first workspace as the demo user.
func limitedEngine(t *testing.T, mt *measureTransport) (*Engine, *rig, *api.Client, *store.Sender) {
	t.Helper()
	return limitedEngineSending(t, mt, func(client *api.Client, service string) *store.Sender {
		return uitest.NewEdits(t, client, service)
	})
}

// limitedEngineSending is limitedEngine, its edits sent by the sender
// newEdits makes.
func limitedEngineSending(t *testing.T, mt *measureTransport, newEdits func(client *api.Client, service string) *store.Sender) (*Engine, *rig, *api.Client, *store.Sender) {
	t.Helper()
	srv := sandboxtest.Start(t, limitedOptions)
	client := sandboxtest.DemoClient(srv, api.WithHTTPClient(&http.Client{Transport: mt}))
	ctx := demoContext(srv, client)
	edits := newEdits(client, srv.URL)
	ctx.Edits = edits
	r := openedRig(t, ctx, 10022001)
	return r.g, r, client, edits
}

// planningStories are n stories of the default type in planning, read
// outside the count.
func planningStories(t *testing.T, client *api.Client, mt *measureTransport, n int) []api.Item {
	t.Helper()
	var found []api.Item
	err := client.ListPages(context.Background(), api.ListRequest{WorkspaceID: 10022001, Kind: api.Story, Fields: api.ListFields(api.Story)}, func(p api.Page) {
		for _, it := range p.Items {
			it.Kind = api.Story
			if id := it.ShortID(); id[len(id)-1] != '0' && it.Status == "planning" && len(found) < n {
				found = append(found, it)
			}
		}
	})
	if err != nil || len(found) < n {
		t.Fatalf("%d stories in planning, want %d: %v", len(found), n, err)
	}
	mt.take()
	return found
}

func newMeasureTransport() *measureTransport {
	return &measureTransport{n: map[string]int{}, status: map[int]int{}}
}

// TestMeasureBulkMoves: a bulk move of 50 cards from the board is one read
// and one batch write (51 requests before batch writes); with a why, one
// comment more per card, as TAPD's /comments adds one comment a request
// ("一次插入一条数据") and has no batch form: 52 (107 before). No request is
// refused for the rate limit.
func TestMeasureBulkMoves(t *testing.T) {
	for _, c := range []struct {
		name          string
		why           string
		reads, writes int
	}{
		{"a bulk move of 50", "", 1, 1},
		{"a bulk move of 50 with a why", "<p>sprint 12</p>", 1, 51},
	} {
		t.Run(c.name, func(t *testing.T) {
			mt := newMeasureTransport()
			g, r, client, _ := limitedEngine(t, mt)
			_, _, cmd := g.Moves(api.Story)
			r.run(cmd)
			stories := planningStories(t, client, mt, 50)
			changes := make([]Change, len(stories))
			for i, it := range stories {
				changes[i] = Change{Item: it, Field: Status, To: "developing"}
			}
			_, cmd = g.ApplyBulk(api.Story, c.why, changes...)
			r.run(cmd)
			reads, writes, paths, limited := mt.take()
			t.Logf("%s: %d requests: %d reads, %d writes (%v)", c.name, reads+writes, reads, writes, paths)
			if reads != c.reads || writes != c.writes || limited != 0 {
				t.Errorf("%s: %d reads, %d writes, %d refused for the rate limit; want %d, %d, 0", c.name, reads, writes, limited, c.reads, c.writes)
			}
		})
	}
}

// TestMeasureFirstStatusMove: the first status move of a session costs
// the workflow (read once a session), the story's read before the write,
// and the write: 3 requests (4 before).
func TestMeasureFirstStatusMove(t *testing.T) {
	mt := newMeasureTransport()
	g, r, client, _ := limitedEngine(t, mt)
	st := planningStories(t, client, mt, 1)[0]
	mt.take()
	_, _, cmd := g.Moves(api.Story)
	r.run(cmd)
	_, cmd = g.Apply(api.Story, Change{Item: st, Field: Status, To: "developing"})
	r.run(cmd)
	reads, writes, paths, limited := mt.take()
	t.Logf("the first status move: %d requests (%v)", reads+writes, paths)
	if reads+writes > 3 || writes != 1 || limited != 0 {
		t.Errorf("the first status move: %d reads, %d writes, %d refused; want at most 3 requests, one write", reads, writes, limited)
	}
}

// TestMeasureWarmStart: a start with the cache saved costs one delta of the
// kind opened and nothing else, on the rate-limited service (7 before); its
// first status move is then the story's read and the write, the workflow
// being kept from the day's first start (4 before).
func TestMeasureWarmStart(t *testing.T) {
	s := newStartRig(t, limitedOptions)
	g, r := s.start(t)
	_, _, cmd := g.Moves(api.Story)
	r.run(cmd)
	_, cold := s.pt.Take()
	s.now = s.now.Add(time.Hour)
	g, r = s.start(t)
	warm, warmSum := s.pt.Take()
	t.Logf("cold start: %d requests; warm start: %d requests: %s", cold, warmSum, requests(warm))
	if warmSum != 1 || warm["GET /stories"] != 1 {
		t.Errorf("warm start: %d requests (%s); want 1: one delta of the stories", warmSum, requests(warm))
	}

	var st api.Item
	for _, it := range g.Items(api.Story).List {
		if id := it.ShortID(); it.Status == "planning" && id[len(id)-1] != '0' {
			st = it
			break
		}
	}
	if st.ID == "" {
		t.Fatal("no story in planning on the board")
	}
	_, _, cmd = g.Moves(api.Story)
	r.run(cmd)
	_, cmd = g.Apply(api.Story, Change{Item: st, Field: Status, To: "developing"})
	r.run(cmd)
	move, moveSum := s.pt.Take()
	t.Logf("the first status move after a warm start: %d requests: %s", moveSum, requests(move))
	if moveSum != 2 || move["POST /stories"] != 1 {
		t.Errorf("the first status move after a warm start: %d requests (%s); want the story's read and the write", moveSum, requests(move))
	}
}

// TestMeasureBigFirstLoad: the first load of 20,240 stories, with nothing
// cached, costs one request a page of 200 (102), the count of the stories,
// their field information and custom field settings, and the counts of the
// two other tabs: 107 requests (114 before: the whole list's first page read
// again as the first window's, two requests for the edges of the creation
// times and three counts of windows). The board holds every story once.
func TestMeasureBigFirstLoad(t *testing.T) {
	s := newStartRig(t, sandbox.Options{ExtraItems: api.MaxListItems})
	g, _ := s.start(t)
	got, sum := s.pt.Take()
	stories := g.Items(api.Story).List
	pages := (len(stories) + api.PageSize - 1) / api.PageSize
	t.Logf("the first load of %d stories: %d requests: %s", len(stories), sum, requests(got))
	ids := map[string]bool{}
	for _, it := range stories {
		ids[it.ID] = true
	}
	if len(stories) != 20240 || len(ids) != len(stories) {
		t.Fatalf("the board holds %d stories (%d ids); want the 20,240 of the service once", len(stories), len(ids))
	}
	want := map[string]int{"GET /stories": pages, "GET /stories/count": 1, "GET /stories/get_fields_info": 1,
		"GET /stories/custom_fields_settings": 1, "GET /bugs/count": 1, "GET /tasks/count": 1}
	if sum > 107 || !maps.Equal(got, want) {
		t.Errorf("the first load of %d stories: %d requests (%s); want 107: %s", len(stories), sum, requests(got), requests(want))
	}
}
