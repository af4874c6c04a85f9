package store

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"triage/api"
)

// fakeClock is a clock tests move by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *fakeClock { return &fakeClock{t: testNow} }

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// failure is a queued failure of a fake call; applied says a write reached
// the service before it failed.
type failure struct {
	err     error
	applied bool
}

// fakeRemote is a service in memory that counts its calls and fails on demand.
type fakeRemote struct {
	mu      sync.Mutex
	items   map[string]api.Item
	created []string // ids of created items, oldest first
	calls   []string // "get", "getmany", "priority", "update", "create", "find"
	fail    map[string][]failure
	clock   int
}

func newFakeRemote(items ...api.Item) *fakeRemote {
	f := &fakeRemote{items: make(map[string]api.Item), fail: make(map[string][]failure)}
	for _, it := range items {
		f.items[it.ID] = it
	}
	return f
}

// failNext makes the next call of op fail.
func (f *fakeRemote) failNext(op string, err error, applied bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.fail[op] = append(f.fail[op], failure{err, applied})
}

// set changes an item as someone else would.
func (f *fakeRemote) set(id, priority, title string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	it := f.items[id]
	it.PriorityLabel, it.Title = priority, title
	it.Modified = f.tick()
	f.items[id] = it
}

func (f *fakeRemote) item(id string) api.Item {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.items[id]
}

// count is how many calls of op were made.
func (f *fakeRemote) count(op string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, c := range f.calls {
		if c == op {
			n++
		}
	}
	return n
}

func (f *fakeRemote) forgetCalls() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = nil
}

func (f *fakeRemote) callLog() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.calls)
}

// tick is the next modified time; the caller holds mu.
func (f *fakeRemote) tick() string {
	f.clock++
	return fmt.Sprintf("2026-01-07 10:00:%02d", f.clock)
}

// call records op and pops its next failure; the caller holds mu.
func (f *fakeRemote) call(op string) (failure, bool) {
	f.calls = append(f.calls, op)
	q := f.fail[op]
	if len(q) == 0 {
		return failure{}, false
	}
	f.fail[op] = q[1:]
	return q[0], true
}

func (f *fakeRemote) Get(_ context.Context, _ int64, _ api.Kind, id string) (api.Item, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if fl, ok := f.call("get"); ok {
		return api.Item{}, fl.err
	}
	it, ok := f.items[id]
	if !ok {
		return api.Item{}, &api.Error{Kind: api.ErrNotFound, Op: "get " + id, HTTPStatus: 404, Info: "not found"}
	}
	return it, nil
}

func (f *fakeRemote) GetMany(_ context.Context, _ int64, _ api.Kind, ids []string) ([]api.Item, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if fl, ok := f.call("getmany"); ok {
		return nil, fl.err
	}
	var out []api.Item
	for _, id := range ids {
		if it, ok := f.items[id]; ok {
			out = append(out, it)
		}
	}
	return out, nil
}

func (f *fakeRemote) UpdatePriority(_ context.Context, _ int64, _ api.Kind, id, label, _ string) (api.Item, error) {
	return f.write("priority", id, func(it *api.Item) { it.PriorityLabel = label })
}

func (f *fakeRemote) Update(_ context.Context, _ int64, _ api.Kind, id string, fields map[string]string, _ string) (api.Item, error) {
	return f.write("update", id, func(it *api.Item) { it.Title = fields["title"] })
}

func (f *fakeRemote) write(op, id string, change func(*api.Item)) (api.Item, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fl, failed := f.call(op)
	if failed && !fl.applied {
		return api.Item{}, fl.err
	}
	it, ok := f.items[id]
	if !ok {
		return api.Item{}, &api.Error{Kind: api.ErrNotFound, Op: op, HTTPStatus: 404, Info: "not found"}
	}
	change(&it)
	it.Modified = f.tick()
	f.items[id] = it
	if failed {
		return api.Item{}, fl.err
	}
	return it, nil
}

func (f *fakeRemote) Create(_ context.Context, n api.NewItem) (api.Item, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	fl, failed := f.call("create")
	if failed && !fl.applied {
		return api.Item{}, fl.err
	}
	it := api.Item{
		Kind: n.Kind, ID: fmt.Sprintf("10%08d%09d", n.WorkspaceID, 500+len(f.created)),
		WorkspaceID: fmt.Sprint(n.WorkspaceID), Title: n.Title, PriorityLabel: n.PriorityLabel,
		Creator: n.Creator, Modified: f.tick(),
	}
	f.items[it.ID] = it
	f.created = append(f.created, it.ID)
	if failed {
		return api.Item{}, fl.err
	}
	return it, nil
}

func (f *fakeRemote) FindCreated(_ context.Context, _ int64, _ api.Kind, title, creator string, _ time.Time) (api.Item, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if fl, ok := f.call("find"); ok {
		return api.Item{}, false, fl.err
	}
	for _, id := range slices.Backward(f.created) {
		if it := f.items[id]; it.Title == title && it.Creator == creator {
			return it, true, nil
		}
	}
	return api.Item{}, false, nil
}

// writeError is the error the real client gives for a write the service
// answers with status: a 5xx may have been applied.
func writeError(t *testing.T, status int) error {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"status":%d,"data":"","info":"%s"}`, status, http.StatusText(status))
	}))
	defer srv.Close()
	return clientWrite(t, srv.URL)
}

// resetError is the error the real client gives when the connection drops
// after the write was sent: it may have been applied.
func resetError(t *testing.T) error {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		conn, _, err := http.NewResponseController(w).Hijack()
		if err == nil {
			_ = conn.Close()
		}
	}))
	defer srv.Close()
	return clientWrite(t, srv.URL)
}

// refusedError is the error the real client gives when nothing listens: the
// write never left.
func refusedError(t *testing.T) error {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()
	return clientWrite(t, "http://"+addr)
}

func clientWrite(t *testing.T, url string) error {
	t.Helper()
	c := api.NewClient(url, api.BearerToken("t0ken"), api.WithMaxRetries(0), api.WithTimeout(5*time.Second))
	_, err := c.UpdatePriority(context.Background(), 10022001, api.Story, "1010022001000000001", "High", testUser)
	if err == nil {
		t.Fatal("the write did not fail")
	}
	return err
}

// replayFixture is an outbox, a fake service and a replayer over them.
type replayFixture struct {
	path   string
	clock  *fakeClock
	outbox *Outbox
	remote *fakeRemote
	r      *Replayer
}

const testSession = "20260106T171604Z-00000001"

func newReplayFixture(t *testing.T, items ...api.Item) *replayFixture {
	t.Helper()
	f := &replayFixture{path: filepath.Join(t.TempDir(), OutboxFile), clock: newClock(), remote: newFakeRemote(items...)}
	f.reopen(t, testSession)
	return f
}

// reopen opens the outbox again with a replayer of the given session, as a
// new run of the app does.
func (f *replayFixture) reopen(t *testing.T, session string) {
	t.Helper()
	if f.outbox != nil {
		if err := f.outbox.Close(); err != nil {
			t.Fatal(err)
		}
	}
	o, err := OpenOutbox(f.path, WithClock(f.clock.now))
	if err != nil {
		t.Fatalf("OpenOutbox: %v", err)
	}
	t.Cleanup(func() { _ = o.Close() })
	f.outbox = o
	f.r, err = NewReplayer(o, f.remote, ReplayerConfig{
		Service: testService, User: testUser, Session: session,
		Backoff: Backoff{Rand: func() float64 { return 0.5 }}, Now: f.clock.now,
	})
	if err != nil {
		t.Fatal(err)
	}
}

// add queues an edit of the test user in session.
func (f *replayFixture) add(t *testing.T, e Edit) Edit {
	t.Helper()
	e.Service, e.User, e.WorkspaceID = testService, testUser, 10022001
	if e.Session == "" {
		e.Session = testSession
	}
	added, err := f.outbox.Add(e)
	if err != nil {
		t.Fatalf("Add: %v", err)
	}
	return added
}

// story is an item of the fake service.
func story(id, priority, modified string) api.Item {
	return api.Item{Kind: api.Story, ID: id, WorkspaceID: "10022001", Title: "title " + id, PriorityLabel: priority, Modified: modified}
}

// priorityEdit changes item's priority from → to, as seen at modified.
func priorityEdit(item, from, to, modified string) Edit {
	return Edit{Kind: api.Story, Op: OpPriority, ItemID: item, From: from, To: to, SeenPriority: from, SeenModified: modified}
}

// validationError is the service refusing a write (422).
func validationError() error {
	return &api.Error{Kind: api.ErrValidation, Op: "update story", HTTPStatus: 422, Info: `priority_label "Urgent" is not one of High, Middle, Low`}
}
