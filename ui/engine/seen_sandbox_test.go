package engine

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/store"
	"triage/ui/internal/uitest"
)

// memKeeper keeps what the user last looked at in memory, as the profile's
// file would.
type memKeeper struct {
	mu   sync.Mutex
	kept map[string]store.Seen
}

func (k *memKeeper) key(user string, ws int64, kind api.Kind) string {
	return user + " " + kind.String() + " " + string(rune(ws%1000))
}

func (k *memKeeper) LastLooked(user string, ws int64, kind api.Kind) (store.Seen, bool, error) {
	k.mu.Lock()
	defer k.mu.Unlock()
	s, ok := k.kept[k.key(user, ws, kind)]
	return s, ok, nil
}

func (k *memKeeper) KeepLooked(user string, ws int64, kind api.Kind, s store.Seen) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.kept == nil {
		k.kept = map[string]store.Seen{}
	}
	k.kept[k.key(user, ws, kind)] = s
	return nil
}

// historyCounter counts the reads of the change histories.
type historyCounter struct {
	mu    sync.Mutex
	reads []string
}

func (c *historyCounter) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.HasSuffix(r.URL.Path, "_changes") {
		c.mu.Lock()
		c.reads = append(c.reads, r.URL.RawQuery)
		c.mu.Unlock()
	}
	return http.DefaultTransport.RoundTrip(r)
}

func (c *historyCounter) take() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.reads
	c.reads = nil
	return out
}

// serviceClock is the local service's clock, moved on by the test.
type serviceClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *serviceClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *serviceClock) pass(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// seenRig is an engine on a local service, signed in as demo, with a
// client of another member (alice) to change items behind its back.
type seenRig struct {
	*rig
	srv     *sandbox.Running
	clock   *serviceClock
	keeper  *memKeeper
	history *historyCounter
	alice   *api.Client
	demo    *api.Client
}

const seenWS = 10022001

func newSeenRig(t *testing.T, method string, keeper *memKeeper, srv *sandbox.Running, clock *serviceClock) *seenRig {
	t.Helper()
	if srv == nil {
		srv = sandboxtest.Start(t, sandbox.Options{Clock: clock.Now})
	}
	d := srv.Server.Demo()
	var demoTok, aliceTok string
	for _, u := range d.Users {
		switch u.Nick {
		case "demo":
			demoTok = u.PersonalToken
		case "alice":
			aliceTok = u.PersonalToken
		}
	}
	if demoTok == "" || aliceTok == "" {
		t.Fatal("the seed has no demo or no alice")
	}
	hc := &historyCounter{}
	client := api.NewClient(srv.URL, api.BearerToken(demoTok), api.WithHTTPClient(&http.Client{Transport: hc}))
	ctx := demoContext(srv, client)
	ctx.Method = method
	ctx.Edits = uitest.NewEdits(t, client, srv.URL)
	ctx.Now = clock.Now
	ctx.Seen = keeper
	r := openedRig(t, ctx, seenWS)
	return &seenRig{rig: r, srv: srv, clock: clock, keeper: keeper, history: hc,
		alice: api.NewClient(srv.URL, api.BearerToken(aliceTok)), demo: api.NewClient(srv.URL, api.BearerToken(demoTok))}
}

// position is where item id is in the engine's stories.
func (r *seenRig) position(id string) int32 {
	i, ok := r.g.Items(api.Story).Find(id)
	if !ok {
		r.t.Fatalf("story %s is not on the board", id)
	}
	return i
}

// TestSeenMarksOthersChangesNotMine: a real account's first look marks
// nothing; alice's change is marked after a refresh, with its before →
// after, who and when from the change history (one read, of the marked
// items only); the user's own edits (through the engine, or outside it as
// triage set does) never stay marked; looking clears a mark, and the last
// look moves on and is kept for the next start.
func TestSeenMarksOthersChangesNotMine(t *testing.T) {
	keeper := &memKeeper{}
	r := newSeenRig(t, "token", keeper, nil, &serviceClock{now: time.Now()})
	g := r.g
	r.run(g.Load(api.Story))
	if n := g.MarkCount(api.Story); n != 0 {
		t.Fatalf("first look of an account: %d marked; want none", n)
	}
	if reads := r.history.take(); len(reads) != 0 {
		t.Errorf("first look read the history %d times; want none", len(reads))
	}
	first := g.LastLooked(api.Story)
	if kept, ok, _ := keeper.LastLooked("demo", seenWS, api.Story); !ok || kept.Since != first || first == "" {
		t.Fatalf("first look kept %+v (%v); want since %q", kept, ok, first)
	}
	list := g.Items(api.Story).List
	theirs, mine, outside := list[3], list[4], list[5]
	r.clock.pass(time.Minute) // the changes come after the first look
	ctx := context.Background()
	before := g.PriorityLabel(api.Story, theirs.PriorityLabel)
	to := "Low"
	if theirs.PriorityLabel == "Low" {
		to = "High"
	}
	if _, err := r.alice.UpdatePriority(ctx, seenWS, api.Story, theirs.ID, to, "alice"); err != nil {
		t.Fatal(err)
	}
	status := "developing"
	if mine.Status == status {
		status = "planning"
	}
	_, cmd := g.Apply(api.Story, Change{Item: mine, Field: Status, To: status})
	r.run(cmd)
	if _, err := r.demo.Update(ctx, seenWS, api.Story, outside.ID, map[string]string{"name": "renamed by triage set"}, "demo"); err != nil {
		t.Fatal(err)
	}
	r.run(g.Load(api.Story))

	if n := g.MarkCount(api.Story); n != 1 {
		t.Errorf("after alice's change and two of mine: %d marked; want 1", n)
	}
	ti := r.position(theirs.ID)
	if !g.Marked(api.Story, ti) || g.MarkedNew(api.Story, ti) {
		t.Errorf("alice's story: marked %v, new %v; want marked as changed", g.Marked(api.Story, ti), g.MarkedNew(api.Story, ti))
	}
	for _, it := range []api.Item{mine, outside} {
		if g.Marked(api.Story, r.position(it.ID)) {
			t.Errorf("story %s changed by the user is marked", it.ID)
		}
	}
	reads := r.history.take()
	if len(reads) != 1 || !strings.Contains(reads[0], "story_id=") {
		t.Errorf("history reads = %v; want one, naming the items", reads)
	}
	changes, read := g.ItemChanges(api.Story, ti)
	want := "priority " + before + " → " + to
	if !read || len(changes) != 1 || changes[0].Who != "Alice Chen (alice)" || len(changes[0].What) != 1 || changes[0].What[0] != want || changes[0].When == "" {
		t.Errorf("alice's story's changes = %+v (read %v); want Alice Chen (alice): %q, with a time", changes, read, want)
	}

	r.run(g.Look(api.Story, ti))
	if g.MarkCount(api.Story) != 0 || g.Marked(api.Story, ti) {
		t.Errorf("after looking at it: %d marked", g.MarkCount(api.Story))
	}
	kept, _, _ := keeper.LastLooked("demo", seenWS, api.Story)
	if kept.Since <= first || len(kept.Looked) != 0 {
		t.Errorf("after every mark is looked at, kept %+v; want the last look moved past %q, nothing listed", kept, first)
	}

	again := newSeenRig(t, "token", keeper, r.srv, r.clock)
	again.run(again.g.Load(api.Story))
	if n := again.g.MarkCount(api.Story); n != 0 {
		t.Errorf("next start: %d marked; want none, all was seen", n)
	}
}

// TestSeenDemoFirstRunAndLookAll: the demo's first look reaches a day
// back, so others' seeded work of the last day is marked (new ones among
// it, with their creation in the history); LookAll takes every mark off.
func TestSeenDemoFirstRunAndLookAll(t *testing.T) {
	keeper := &memKeeper{}
	r := newSeenRig(t, "demo", keeper, nil, &serviceClock{now: time.Now()})
	g := r.g
	r.run(g.Load(api.Story))
	n := g.MarkCount(api.Story)
	if n == 0 {
		t.Fatal("the demo's first run marks nothing")
	}
	newOnes := 0
	var marked []int32
	g.eachMarked(api.Story, func(i int32) bool { marked = append(marked, i); return true })
	for _, i := range marked {
		changes, read := g.ItemChanges(api.Story, i)
		if !read || len(changes) == 0 {
			t.Errorf("marked story %d: history read %v, %d changes; want the changes that marked it", i, read, len(changes))
			continue
		}
		if g.MarkedNew(api.Story, i) {
			newOnes++
			if !strings.HasPrefix(changes[0].What[0], "created (") {
				t.Errorf("new story %d's first change is %q; want its creation", i, changes[0].What[0])
			}
		}
		for _, ch := range changes {
			if strings.Contains(ch.Who, "(demo)") || ch.Who == "demo" {
				t.Errorf("story %d lists a change of the demo's own", i)
			}
		}
	}
	if newOnes == 0 {
		t.Error("no story created by others in the last day is marked new")
	}
	t.Logf("%d stories marked, %d of them new, %d history reads", n, newOnes, len(r.history.take()))
	r.run(g.LookAll(api.Story))
	if g.MarkCount(api.Story) != 0 {
		t.Errorf("after LookAll: %d marked", g.MarkCount(api.Story))
	}
	if kept, _, _ := keeper.LastLooked("demo", seenWS, api.Story); kept.Since != g.Items(api.Story).Synced {
		t.Errorf("after LookAll the last look is %q; want the newest change listed %q", kept.Since, g.Items(api.Story).Synced)
	}
}
