package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"triage/api"
	"triage/store"
)

// stores are the files the board keeps: the item cache (disposable) and the
// outbox of edits (durable, one triage at a time).
type stores struct {
	cache  *store.Cache
	outbox *store.Outbox
	// warning is the cache's, shown on the status line: it was rebuilt, or
	// cannot be used in this run.
	warning error
}

// errAlreadyRunning says that another triage holds the outbox.
var errAlreadyRunning = errors.New("another triage is already running for this account; close it first (it holds the edits waiting to be sent)")

// openStores opens the cache and the outbox under paths. A damaged cache is
// rebuilt (a warning); an outbox held by another triage stops the start.
func openStores(paths store.Paths) (*stores, error) {
	outbox, err := store.OpenOutbox(filepath.Join(paths.StateDir, store.OutboxFile))
	switch {
	case errors.Is(err, store.ErrOutboxLocked):
		return nil, fmt.Errorf("%w (%w)", errAlreadyRunning, err)
	case err != nil:
		return nil, err
	}
	cache, warning := store.OpenCache(filepath.Join(paths.CacheDir, store.CacheFile))
	return &stores{cache: cache, outbox: outbox, warning: warning}, nil
}

// Close closes both files.
func (s *stores) Close() error {
	return errors.Join(s.cache.Close(), s.outbox.Close())
}

// outboxEdits is the board's Edits port (ui/common) over the outbox: a
// replayer per user sends their edits to the service through the client.
type outboxEdits struct {
	outbox  *store.Outbox
	remote  store.Remote
	service string
	session string

	mu        sync.Mutex
	replayers map[string]*store.Replayer
}

func newOutboxEdits(outbox *store.Outbox, remote store.Remote, service, session string) *outboxEdits {
	return &outboxEdits{outbox: outbox, remote: remote, service: service, session: session, replayers: map[string]*store.Replayer{}}
}

// replayer is the sender of a user's edits, made on first use.
func (o *outboxEdits) replayer(user string) (*store.Replayer, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if r, ok := o.replayers[user]; ok {
		return r, nil
	}
	r, err := store.NewReplayer(o.outbox, o.remote, store.ReplayerConfig{Service: o.service, User: user, Session: o.session, Parallel: api.DefaultMaxInFlight})
	if err != nil {
		return nil, err
	}
	o.replayers[user] = r
	return r, nil
}

func (o *outboxEdits) Add(e store.Edit) (store.Edit, error) { return o.outbox.Add(e) }

func (o *outboxEdits) Send(ctx context.Context, e store.Edit) (store.Result, error) {
	r, err := o.replayer(e.User)
	if err != nil {
		return store.Result{}, err
	}
	return r.Send(ctx, e)
}

func (o *outboxEdits) SendAll(ctx context.Context, edits []store.Edit) ([]store.Result, error) {
	if len(edits) == 0 {
		return nil, nil
	}
	r, err := o.replayer(edits[0].User)
	if err != nil {
		return nil, err
	}
	return r.SendAll(ctx, edits)
}

func (o *outboxEdits) Flush(ctx context.Context, user string) ([]store.Result, error) {
	r, err := o.replayer(user)
	if err != nil {
		return nil, err
	}
	return r.Flush(ctx)
}

func (o *outboxEdits) NextFlush(user string) (time.Duration, bool, error) {
	r, err := o.replayer(user)
	if err != nil {
		return 0, false, err
	}
	at, ok, err := r.NextFlush()
	return time.Until(at), ok, err
}

func (o *outboxEdits) Pending(user string) ([]store.Edit, error) {
	return o.outbox.Pending(o.service, user)
}

func (o *outboxEdits) History(session string) ([]store.Edit, error) {
	return o.outbox.History(time.Time{}, session)
}

func (o *outboxEdits) LastUndoable(session string) (store.Edit, bool, error) {
	return o.outbox.LastUndoable(session)
}

func (o *outboxEdits) KeepMine(seq uint64) (store.Edit, error) { return o.outbox.KeepMine(seq) }

func (o *outboxEdits) TakeTheirs(seq uint64) (store.Edit, error) { return o.outbox.TakeTheirs(seq) }
