package engine

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/store"
	"triage/ui/internal/uitest"
)

// startRig is one start of the app on a sandbox: an engine over a cache
// file kept between starts, its clock now.
type startRig struct {
	srv   *sandbox.Running
	cache *store.Cache
	pt    *sandboxtest.PathCounter
	now   time.Time
}

// newStartRig is the first start of the app on a local TAPD of opts.
func newStartRig(t *testing.T, opts sandbox.Options) *startRig {
	t.Helper()
	return &startRig{srv: sandboxtest.Start(t, opts), cache: tempCache(t), pt: &sandboxtest.PathCounter{}, now: time.Now()}
}

// start opens the workspace as the board does (the kind shown loaded, the
// others counted) and returns the engine once everything it started ended.
func (s *startRig) start(t *testing.T) (*Engine, *rig) {
	t.Helper()
	client := sandboxtest.DemoClient(s.srv, api.WithHTTPClient(&http.Client{Transport: s.pt}))
	ctx := demoContext(s.srv, client)
	ctx.Cache = s.cache
	ctx.Edits = uitest.NewEdits(t, client, s.srv.URL)
	now := s.now
	ctx.Now = func() time.Time { return now }
	r := openedRig(t, ctx, 10022001)
	g := r.g
	r.run(tea.Batch(g.Load(api.Story), g.CountUnloaded()))
	if p := g.Progress(api.Story); p.Busy || len(g.Items(api.Story).List) == 0 {
		t.Fatalf("the stories did not load: %+v", p)
	}
	return g, r
}

// requests says the requests of a start, path by path.
func requests(n map[string]int) string {
	var out []string
	for p, c := range n {
		out = append(out, p+" ×"+strconv.Itoa(c))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// TestWarmStartRequests counts what a start costs the sandbox: the first
// (cold) start lists the stories and reads their field information; the
// next start with the cache saved (warm) asks one delta of the stories and
// nothing else: the field information and the tab counts of the kinds not
// opened were read within the day and come from the cache.
func TestWarmStartRequests(t *testing.T) {
	s := newStartRig(t, sandbox.Options{})
	s.start(t)
	cold, coldSum := s.pt.Take()
	t.Logf("cold start: %d requests: %s", coldSum, requests(cold))
	if cold["GET /stories/get_fields_info"] != 1 || cold["GET /bugs/count"] != 1 || cold["GET /tasks/count"] != 1 {
		t.Errorf("cold start: %s; want the field information of the stories and each other kind counted once", requests(cold))
	}

	s.now = s.now.Add(time.Hour)
	s.start(t)
	warm, warmSum := s.pt.Take()
	t.Logf("warm start: %d requests: %s", warmSum, requests(warm))
	if warmSum != 1 || warm["GET /stories"] != 1 {
		t.Errorf("warm start: %d requests (%s); want 1: one delta of the stories", warmSum, requests(warm))
	}
}

// pickers reads the workflow of the stories, the members and the
// iterations as the field pickers do, and says which it had to ask.
func pickers(g *Engine, r *rig) (asked []string) {
	_, _, moves := g.Moves(api.Story)
	_, _, members := g.Members()
	_, _, iterations := g.Iterations()
	for name, cmd := range map[string]tea.Cmd{"workflow": moves, "members": members, "iterations": iterations} {
		if cmd != nil {
			asked = append(asked, name)
		}
		r.run(cmd)
	}
	sort.Strings(asked)
	return asked
}

// TestReferenceReadAgainAfterADay: the workflow, members and iterations
// read on one start are not asked on the next within the day; a start more
// than a day after they were read asks them again, with the field
// information and the counts.
func TestReferenceReadAgainAfterADay(t *testing.T) {
	s := newStartRig(t, sandbox.Options{})
	g, r := s.start(t)
	if asked := pickers(g, r); len(asked) != 3 {
		t.Fatalf("the first start asked %v of the pickers; want all three", asked)
	}
	s.pt.Take()

	s.now = s.now.Add(23 * time.Hour)
	g, r = s.start(t)
	if asked := pickers(g, r); len(asked) != 0 {
		t.Errorf("23 hours later the pickers asked %v again; want nothing", asked)
	}
	if _, sum := s.pt.Take(); sum != 1 {
		t.Errorf("23 hours later a start with the pickers opened cost %d requests; want 1", sum)
	}

	s.now = s.now.Add(2 * time.Hour) // 25 hours after the first read
	g, r = s.start(t)
	later, _ := s.pt.Take()
	if asked := pickers(g, r); len(asked) != 3 {
		t.Errorf("25 hours later the pickers asked %v; want all three again", asked)
	}
	for _, path := range []string{"GET /stories/get_fields_info", "GET /stories/count", "GET /bugs/count", "GET /tasks/count", "GET /stories"} {
		if later[path] != 1 {
			t.Errorf("25 hours later the start asked %s %d times (%s); want once", path, later[path], requests(later))
		}
	}
}

// TestRefusedEditReadsReferenceAgain: an owner the service refuses (not a
// member) has the members read again, on this start and the next, though
// they were read within the day; a refused priority has the field
// information read again at once.
func TestRefusedEditReadsReferenceAgain(t *testing.T) {
	s := newStartRig(t, sandbox.Options{})
	g, r := s.start(t)
	pickers(g, r)
	g, r = s.start(t)
	if asked := pickers(g, r); len(asked) != 0 {
		t.Fatalf("a warm start asked %v of the pickers", asked)
	}
	s.pt.Take()
	st := g.Items(api.Story).List[0]
	_, cmd := g.Apply(api.Story, Change{Item: st, Field: Owner, To: "nobody-here;"})
	r.run(cmd)
	if _, known, cmd := g.Members(); known || cmd == nil {
		t.Errorf("after a refused owner the members are not read again")
	}
	_, cmd = g.Apply(api.Story, Change{Item: g.Items(api.Story).List[1], Field: Priority, To: "no-such-priority"})
	r.run(cmd)
	asked, sum := s.pt.Take()
	if asked["GET /stories/get_fields_info"] != 1 || sum != 5 { // the owner's read and write, the priority's, the fields
		t.Errorf("after a refused priority the field information was asked %d times (%s); want once, and nothing else", asked["GET /stories/get_fields_info"], requests(asked))
	}

	g, r = s.start(t)
	if asked := pickers(g, r); len(asked) != 1 || asked[0] != "members" {
		t.Errorf("the start after a refused owner asked %v of the pickers; want the members", asked)
	}
}
