package uitest

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"triage/store"
)

// Session is the app session of the tests' edits.
const Session = "20260106T091604Z-test"

// Edits is common.Edits over a real outbox in the test's directory, sent by
// real replayers (one per user) to a fake remote, with a backoff of a few
// milliseconds and a clock that steps past it on every reading, so that a
// waiting edit is due again by the next flush however fast the test runs.
type Edits struct {
	Outbox  *store.Outbox
	remote  store.Remote
	service string
	clock   steppingClock

	mu        sync.Mutex
	replayers map[string]*store.Replayer
}

// steppingClock moves 10 ms, more than the tests' backoff, each time it is read.
type steppingClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *steppingClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(10 * time.Millisecond)
	return c.now
}

// NewEdits opens an outbox in t's directory for edits to remote, a service
// at the address service.
func NewEdits(t testing.TB, remote store.Remote, service string) *Edits {
	t.Helper()
	ob, err := store.OpenOutbox(filepath.Join(t.TempDir(), store.OutboxFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ob.Close() })
	return &Edits{Outbox: ob, remote: remote, service: service, clock: steppingClock{now: time.Now()},
		replayers: map[string]*store.Replayer{}}
}

func (e *Edits) replayer(user string) (*store.Replayer, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if r, ok := e.replayers[user]; ok {
		return r, nil
	}
	r, err := store.NewReplayer(e.Outbox, e.remote, store.ReplayerConfig{
		Service: e.service, User: user, Session: Session,
		Backoff: store.Backoff{Base: time.Millisecond, Max: 2 * time.Millisecond},
		Now:     e.clock.Now,
	})
	if err != nil {
		return nil, err
	}
	e.replayers[user] = r
	return r, nil
}

// Add queues an edit.
func (e *Edits) Add(ed store.Edit) (store.Edit, error) { return e.Outbox.Add(ed) }

// Send sends an edit through its user's replayer.
func (e *Edits) Send(ctx context.Context, ed store.Edit) (store.Result, error) {
	r, err := e.replayer(ed.User)
	if err != nil {
		return store.Result{}, err
	}
	return r.Send(ctx, ed)
}

// SendAll sends edits through their user's replayer.
func (e *Edits) SendAll(ctx context.Context, eds []store.Edit) ([]store.Result, error) {
	if len(eds) == 0 {
		return nil, nil
	}
	r, err := e.replayer(eds[0].User)
	if err != nil {
		return nil, err
	}
	return r.SendAll(ctx, eds)
}

// Flush sends the due edits of user.
func (e *Edits) Flush(ctx context.Context, user string) ([]store.Result, error) {
	r, err := e.replayer(user)
	if err != nil {
		return nil, err
	}
	return r.Flush(ctx)
}

// NextFlush is how long until user's next edit is due.
func (e *Edits) NextFlush(user string) (time.Duration, bool, error) {
	r, err := e.replayer(user)
	if err != nil {
		return 0, false, err
	}
	at, ok, err := r.NextFlush()
	return at.Sub(e.clock.Now()), ok, err
}

// Pending lists user's pending edits.
func (e *Edits) Pending(user string) ([]store.Edit, error) { return e.Outbox.Pending(e.service, user) }

// History lists a session's edits.
func (e *Edits) History(session string) ([]store.Edit, error) {
	return e.Outbox.History(time.Time{}, session)
}

// LastUndoable is the session's newest edit u undoes.
func (e *Edits) LastUndoable(session string) (store.Edit, bool, error) {
	return e.Outbox.LastUndoable(session)
}

// KeepMine resolves a conflict for the user's edit.
func (e *Edits) KeepMine(seq uint64) (store.Edit, error) { return e.Outbox.KeepMine(seq) }

// TakeTheirs resolves a conflict for the other change.
func (e *Edits) TakeTheirs(seq uint64) (store.Edit, error) { return e.Outbox.TakeTheirs(seq) }
