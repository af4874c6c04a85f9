package wiring

import (
	"errors"
	"path/filepath"

	"triage/store"
)

// Stores are the files the board keeps: the item cache (disposable) and the
// outbox of edits (durable, shared with every other triage of the profile:
// `triage set` beside the board sends through the same outbox).
type Stores struct {
	Cache  *store.Cache
	Outbox *store.Outbox
	// warning is the cache's, shown on the status line: it was rebuilt, or
	// cannot be used in this run.
	Warning error
}

// OpenStores opens the cache and the outbox under paths. A damaged cache is
// rebuilt, and a cache another board holds is not used (a warning).
func OpenStores(paths store.Paths) (*Stores, error) {
	outbox, err := store.OpenOutbox(filepath.Join(paths.StateDir, store.OutboxFile))
	if err != nil {
		return nil, err
	}
	cache, warning := store.OpenCache(filepath.Join(paths.CacheDir, store.CacheFile))
	return &Stores{Cache: cache, Outbox: outbox, Warning: warning}, nil
}

// Close closes both files.
func (s *Stores) Close() error {
	return errors.Join(s.Cache.Close(), s.Outbox.Close())
}
