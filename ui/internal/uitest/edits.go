package uitest

import (
	"path/filepath"
	"sync"
	"testing"
	"time"

	"triage/store"
)

// Session is the app session of the tests' edits.
const Session = "20260106T091604Z-test"

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

// NewEdits opens an outbox in t's directory and returns the app's sender of
// its edits to remote, a service at the address service, with a backoff of a
// few milliseconds and a clock that steps past it on every reading, so that
// a waiting edit is due again by the next flush however fast the test runs.
func NewEdits(t testing.TB, remote store.Remote, service string) *store.Sender {
	t.Helper()
	ob, err := store.OpenOutbox(filepath.Join(t.TempDir(), store.OutboxFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ob.Close() })
	clock := &steppingClock{now: time.Now()}
	return store.NewSender(ob, remote, store.SenderConfig{
		Service: service, Session: Session,
		Backoff: store.Backoff{Base: time.Millisecond, Max: 2 * time.Millisecond},
		Now:     clock.Now,
	})
}
