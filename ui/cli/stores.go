package cli

import (
	"errors"
	"fmt"
	"path/filepath"

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
