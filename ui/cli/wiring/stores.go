package wiring

import (
	"errors"
	"fmt"
	"path/filepath"

	"triage/store"
)

// Stores are the files the board keeps: the item cache (disposable) and the
// outbox of edits (durable, one triage at a time).
type Stores struct {
	Cache  *store.Cache
	Outbox *store.Outbox
	// warning is the cache's, shown on the status line: it was rebuilt, or
	// cannot be used in this run.
	Warning error
}

// ErrAlreadyRunning says that another triage holds the outbox.
var ErrAlreadyRunning = errors.New("another triage is already running for this account; close it first (it holds the edits waiting to be sent)")

// OpenStores opens the cache and the outbox under paths. A damaged cache is
// rebuilt (a warning); an outbox held by another triage stops the start.
func OpenStores(paths store.Paths) (*Stores, error) {
	outbox, err := store.OpenOutbox(filepath.Join(paths.StateDir, store.OutboxFile))
	switch {
	case errors.Is(err, store.ErrOutboxLocked):
		return nil, fmt.Errorf("%w (%w)", ErrAlreadyRunning, err)
	case err != nil:
		return nil, err
	}
	cache, warning := store.OpenCache(filepath.Join(paths.CacheDir, store.CacheFile))
	return &Stores{Cache: cache, Outbox: outbox, Warning: warning}, nil
}

// Close closes both files.
func (s *Stores) Close() error {
	return errors.Join(s.Cache.Close(), s.Outbox.Close())
}
