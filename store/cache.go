package store

import (
	"errors"
	"strconv"
	"sync"
	"time"

	"go.etcd.io/bbolt"

	"triage/api"
)

// CacheFile is the name of the item cache under Paths.CacheDir.
const CacheFile = "cache.db"

// The warnings of OpenCache. Both leave a usable Cache: the caller shows the
// error's text and carries on.
var (
	// ErrCacheRebuilt: the cache file was unreadable; it was moved aside and
	// a new, empty cache took its place.
	ErrCacheRebuilt = api.Errorf("the item cache was unreadable and has been started afresh")
	// ErrCacheUnavailable: the cache cannot be used in this run (another
	// triage holds it, or it cannot be written); items load from the service.
	ErrCacheUnavailable = api.Errorf("the item cache is not used in this run")
)

// Snapshot is what the cache holds for one kind of one workspace: the items
// and field information last loaded, when they were saved, and the sync
// point of the items: the newest modified time (the service's clock) the
// lists that made them answered, from which the next refresh asks only what
// changed. A snapshot without one (saved by an older triage) is refreshed by
// a whole list.
type Snapshot struct {
	Items   []api.Item
	Fields  api.FieldInfo
	SavedAt time.Time
	Synced  string
	// Transitions are the steps of the kind's workflow, so a status move
	// made offline on the next start is checked before it is queued.
	Transitions []api.Transition
	// Listed, when not nil, says that the load that made the snapshot
	// stopped part way: it names the pages it listed (by number, as
	// api.Page numbers them) with the items each brought, in the order of
	// Items (see EncodePartial).
	Listed map[int]int
}

// Cache keeps the last items and field information of each workspace, per
// service and user, in a crash-safe bbolt file, so triage can draw a board at
// once and refresh it in the background. It is disposable: a damaged file is
// replaced, and a file held by another triage is simply not used. It is safe
// for concurrent use.
type Cache struct {
	path string
	cfg  openConfig

	mu sync.RWMutex
	db *bbolt.DB // nil: no-cache mode
}

// OpenCache opens the cache file at path (normally Paths.CacheDir/cache.db),
// creating it and its directory, private to the user. It always returns a
// usable Cache. A non-nil error is a warning to show: ErrCacheRebuilt when the
// file was unreadable and has been replaced (the old one is kept as
// path.corrupt), ErrCacheUnavailable when the cache cannot be used in this run
// (another triage holds the file past the lock timeout, or it cannot be
// created); then Load always misses and Save does nothing.
func OpenCache(path string, opts ...OpenOption) (*Cache, error) {
	c := &Cache{path: path, cfg: newOpenConfig(opts)}
	db, err := openBolt(path, c.cfg)
	switch {
	case err == nil:
		c.db = db
		return c, nil
	case errors.Is(err, errLocked):
		return c, api.Errorf("%w: %s is in use by another triage; the board loads from the service", ErrCacheUnavailable, path)
	}
	return c, c.rebuild(err)
}

// rebuild replaces the cache file after reason made it unusable. The caller
// holds no lock; rebuild takes the write lock.
func (c *Cache) rebuild(reason error) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.db != nil {
		_ = c.db.Close()
		c.db = nil
	}
	if c.cfg.readOnly {
		return api.Errorf("%w: %s: %w", ErrCacheUnavailable, c.path, reason)
	}
	aside, err := moveAside(c.path)
	if err != nil {
		return api.Errorf("%w: %s: %w (and %w)", ErrCacheUnavailable, c.path, reason, err)
	}
	db, err := openBolt(c.path, c.cfg)
	if err != nil {
		return api.Errorf("%w: %s: %w (and again after moving it aside: %w)", ErrCacheUnavailable, c.path, reason, err)
	}
	c.db = db
	if aside == "" {
		return api.Errorf("%w (%s: %w)", ErrCacheRebuilt, c.path, reason)
	}
	return api.Errorf("%w (%s: %w; the old file is kept as %s)", ErrCacheRebuilt, c.path, reason, aside)
}

// Path is the cache file.
func (c *Cache) Path() string { return c.path }

// Available reports whether the cache is in use (false in no-cache mode).
func (c *Cache) Available() bool {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.db != nil
}

// Close closes the file. The Cache is in no-cache mode afterwards.
func (c *Cache) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.db == nil {
		return nil
	}
	err := c.db.Close()
	c.db = nil
	if err != nil {
		return api.Errorf("close %s: %w", c.path, err)
	}
	return nil
}

// Load returns the snapshot saved for one kind of a workspace of a user of a
// service, and whether there is one. An error means the entry or the file
// could not be read (the file is then replaced, see ErrCacheRebuilt); treat it
// as a miss and show it.
func (c *Cache) Load(service, user string, workspaceID int64, kind api.Kind) (Snapshot, bool, error) {
	svc, err := ServiceKey(service)
	if err != nil {
		return Snapshot{}, false, api.Errorf("load cached %s: %w", kind.Path(), err)
	}
	var (
		snap  Snapshot
		found bool
	)
	err = c.view(func(tx *bbolt.Tx) error {
		b := userBucket(tx, svc, user)
		if b == nil {
			return nil
		}
		raw := b.Get(entryKey(workspaceID, kind))
		if raw == nil {
			return nil
		}
		s, ok, err := readEntry(b, entryKey(workspaceID, kind), raw)
		if err != nil {
			return api.Errorf("cached %s of workspace %d are unreadable, loading them from the service: %w", kind.Path(), workspaceID, err)
		}
		snap, found = s, ok
		return nil
	})
	if err != nil {
		return Snapshot{}, false, err
	}
	return snap, found, nil
}

// Save replaces the snapshot of one kind of a workspace of a user of a
// service. A zero SavedAt is stamped with the current time. In no-cache mode
// it does nothing.
func (c *Cache) Save(service, user string, workspaceID int64, kind api.Kind, snap Snapshot) error {
	if snap.SavedAt.IsZero() {
		snap.SavedAt = c.cfg.now()
	}
	e, err := encodeWhole(snap)
	if err != nil {
		return api.Errorf("cache %s of workspace %d: %w", kind.Path(), workspaceID, err)
	}
	return c.SaveEncoded(service, user, workspaceID, kind, e)
}

// SaveEncoded is Save of a snapshot already encoded (see Encode).
func (c *Cache) SaveEncoded(service, user string, workspaceID int64, kind api.Kind, e Encoded) error {
	svc, err := ServiceKey(service)
	if err != nil {
		return api.Errorf("cache %s: %w", kind.Path(), err)
	}
	if user == "" {
		return api.Errorf("cache %s: no user", kind.Path())
	}
	if len(e.raw) == 0 {
		return api.Errorf("cache %s of workspace %d: nothing encoded", kind.Path(), workspaceID)
	}
	key := entryKey(workspaceID, kind)
	if len(e.raw) > chunkSize {
		return c.saveChunked(svc, user, key, e)
	}
	return c.update(func(tx *bbolt.Tx) error {
		ub, err := createUserBucket(tx, svc, user)
		if err != nil {
			return err
		}
		if err := ub.Put(key, e.raw); err != nil {
			return err
		}
		return dropChunks(ub, key, 0)
	})
}

// ClearUser removes everything cached for a user of a service (logout).
func (c *Cache) ClearUser(service, user string) error {
	svc, err := ServiceKey(service)
	if err != nil {
		return api.Errorf("clear cache: %w", err)
	}
	return c.update(func(tx *bbolt.Tx) error {
		sb := tx.Bucket([]byte(svc))
		if sb == nil {
			return nil
		}
		return ignoreMissing(sb.DeleteBucket([]byte(user)))
	})
}

// ClearService removes everything cached for every user of a service.
func (c *Cache) ClearService(service string) error {
	svc, err := ServiceKey(service)
	if err != nil {
		return api.Errorf("clear cache: %w", err)
	}
	return c.update(func(tx *bbolt.Tx) error {
		return ignoreMissing(tx.DeleteBucket([]byte(svc)))
	})
}

func ignoreMissing(err error) error {
	if errors.Is(err, bbolt.ErrBucketNotFound) {
		return nil
	}
	return err
}

// view runs a read transaction; in no-cache mode it does nothing.
func (c *Cache) view(fn func(*bbolt.Tx) error) error {
	return c.run(false, fn)
}

// update runs a write transaction; in no-cache mode it does nothing.
func (c *Cache) update(fn func(*bbolt.Tx) error) error {
	return c.run(true, fn)
}

// run runs a transaction, replacing the file when bbolt finds it damaged.
func (c *Cache) run(write bool, fn func(*bbolt.Tx) error) error {
	c.mu.RLock()
	db := c.db
	var err error
	if db != nil {
		err = guarded(func() error {
			if write {
				return db.Update(fn)
			}
			return db.View(fn)
		})
	}
	c.mu.RUnlock()
	if errors.Is(err, errDamaged) {
		return c.rebuild(err)
	}
	if err != nil {
		return api.Errorf("item cache %s: %w", c.path, err)
	}
	return nil
}

func userBucket(tx *bbolt.Tx, service, user string) *bbolt.Bucket {
	sb := tx.Bucket([]byte(service))
	if sb == nil {
		return nil
	}
	return sb.Bucket([]byte(user))
}

// entryKey names one kind of one workspace: "10022001/story".
func entryKey(workspaceID int64, kind api.Kind) []byte {
	return []byte(strconv.FormatInt(workspaceID, 10) + "/" + kind.String())
}

// ChangedSince tells which items of fresh differ from old, by id, for
// highlighting after a refresh: new items, and items whose modified time,
// priority or title changed.
func ChangedSince(old, fresh []api.Item) map[string]bool {
	before := make(map[string]*api.Item, len(old))
	for i := range old {
		before[old[i].ID] = &old[i]
	}
	changed := make(map[string]bool)
	for i := range fresh {
		it := &fresh[i]
		was, ok := before[it.ID]
		if !ok || was.Modified != it.Modified || was.Title != it.Title ||
			was.DisplayPriority() != it.DisplayPriority() || was.PriorityLabel != it.PriorityLabel {
			changed[it.ID] = true
		}
	}
	return changed
}
