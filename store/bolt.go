package store

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"triage/api"
)

// DefaultLockTimeout is how long opening the cache or the outbox waits for
// another triage that holds the file before giving up.
const DefaultLockTimeout = time.Second

// errLocked and errDamaged classify a failure to open a database file; the
// cache and the outbox turn them into their own errors.
var (
	errLocked  = api.Errorf("in use by another triage")
	errDamaged = api.Errorf("damaged or not a database")
)

// OpenOption tunes OpenCache and OpenOutbox.
type OpenOption func(*openConfig)

type openConfig struct {
	lockTimeout time.Duration
	lockSet     bool // WithLockTimeout was given
	now         func() time.Time
	readOnly    bool
}

// WithLockTimeout sets how long to wait for a file another triage holds
// (default DefaultLockTimeout; tests use a few milliseconds).
func WithLockTimeout(d time.Duration) OpenOption {
	return func(c *openConfig) {
		if d > 0 {
			c.lockTimeout, c.lockSet = d, true
		}
	}
}

// WithClock sets the clock that stamps saved snapshots and edits (default time.Now).
func WithClock(now func() time.Time) OpenOption {
	return func(c *openConfig) {
		if now != nil {
			c.now = now
		}
	}
}

// ReadOnly opens an existing file for reading only, sharing it with other
// readers; `triage log` uses it. A missing file is reported with
// fs.ErrNotExist, and writes fail.
func ReadOnly() OpenOption { return func(c *openConfig) { c.readOnly = true } }

func newOpenConfig(opts []OpenOption) openConfig {
	c := openConfig{lockTimeout: DefaultLockTimeout, now: time.Now}
	for _, o := range opts {
		o(&c)
	}
	return c
}

// openBolt opens (creating it and its directory unless read-only) a bbolt
// file, private to the user, with fsync on every commit. It fails with
// errLocked when another process holds the file past the lock timeout, and
// with errDamaged when the file is not a valid database.
func openBolt(path string, cfg openConfig) (db *bbolt.DB, err error) {
	if !cfg.readOnly {
		if err := os.MkdirAll(filepath.Dir(path), dirMode); err != nil {
			return nil, api.Errorf("create directory %s: %w", filepath.Dir(path), err)
		}
	}
	defer func() {
		if r := recover(); r != nil {
			db, err = nil, api.Errorf("%w: %v", errDamaged, r)
		}
	}()
	db, err = bbolt.Open(path, fileMode, &bbolt.Options{
		Timeout:  cfg.lockTimeout,
		ReadOnly: cfg.readOnly,
	})
	var pathErr *fs.PathError
	switch {
	case err == nil:
	case errors.Is(err, berrors.ErrTimeout):
		return nil, errLocked
	case errors.As(err, &pathErr):
		return nil, err
	default:
		return nil, api.Errorf("%w: %w", errDamaged, err)
	}
	if !cfg.readOnly {
		if err := os.Chmod(path, fileMode); err != nil {
			_ = db.Close()
			return nil, api.Errorf("make %s private: %w", path, err)
		}
	}
	return db, nil
}

// guarded runs fn on db, turning a panic of bbolt on a damaged page into an
// error wrapping errDamaged.
func guarded(fn func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = api.Errorf("%w: %v", errDamaged, r)
		}
	}()
	return fn()
}

// moveAside renames a damaged file to path.corrupt (replacing an older one),
// so it can be inspected while a new file takes its place.
func moveAside(path string) (string, error) {
	aside := path + ".corrupt"
	if err := os.Rename(path, aside); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", nil
		}
		return "", api.Errorf("move %s aside: %w", path, err)
	}
	return aside, nil
}
