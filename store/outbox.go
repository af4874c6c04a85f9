package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"sync"
	"time"

	"go.etcd.io/bbolt"

	"triage/api"
)

// OutboxFile is the name of the outbox under Paths.StateDir.
const OutboxFile = "outbox.db"

// The errors of the outbox.
var (
	// ErrOutboxLocked: another triage holds the outbox (it sends its edits).
	ErrOutboxLocked = api.Errorf("the outbox is held by another triage that does not let go of it; retry, and if it lasts, close the other triage")
	// ErrOutboxUnreadable: the outbox file is damaged. It is left as it is,
	// since it may hold edits not yet sent.
	ErrOutboxUnreadable = api.Errorf("the outbox is unreadable")
	// ErrEditNotFound: no edit has that number.
	ErrEditNotFound = api.Errorf("no such edit in the outbox")
	// ErrEditState: the edit is not in a state that allows the change (for
	// instance another goroutine is sending it).
	ErrEditState = api.Errorf("the edit cannot change from its state")
	// ErrHeldElsewhere: another triage of the profile, still running, sends
	// the edit (an ErrEditState).
	ErrHeldElsewhere = api.Errorf("%w: another triage of this profile sends it", ErrEditState)
	// ErrAlreadyUndone: the edit has already been undone.
	ErrAlreadyUndone = api.Errorf("that change has already been undone")
)

var (
	bucketPending = []byte("pending") // owner (service, user) → seq → edit
	bucketHistory = []byte("history") // seq → edit
)

// Outbox holds every edit from the moment the user makes it until the
// service confirms it, in a bbolt file synced on every commit: an edit added
// is on disk before Add returns, and survives the app being closed or killed.
// Pending edits are kept per service and user; sent, failed and discarded
// ones move to the history, for `triage log` and undo. It is safe for
// concurrent use, and every process of a profile shares it (shared.go): the
// board and `triage set` beside it.
type Outbox struct {
	path string
	now  func() time.Time
	cfg  openConfig

	mu     sync.Mutex // one transaction of this process at a time
	holder *holder    // this process's hold (holder.go); nil when read-only
	closed bool
	gone   map[string]bool // holders seen gone: they never come back
	seenTx uint64          // the file's last transaction this process saw
	seen   bool            // seenTx is set
	moved  bool            // another process committed since ChangedElsewhere last said
}

// OpenOutbox opens the outbox at path (normally Paths.StateDir/outbox.db),
// creating it and its directory, private to the user. It fails with
// ErrOutboxLocked when another process keeps the file past the lock wait
// (each holds it only for a transaction), and with ErrOutboxUnreadable when
// the file is damaged (it is left untouched: move it aside to start afresh,
// losing the edits it holds).
func OpenOutbox(path string, opts ...OpenOption) (*Outbox, error) {
	cfg := newOpenConfig(opts)
	if !cfg.lockSet {
		cfg.lockTimeout = outboxLockWait
	}
	o := &Outbox{path: path, now: cfg.now, cfg: cfg, gone: make(map[string]bool)}
	if err := o.view(func(*bbolt.Tx) error { return nil }); err != nil {
		return nil, err
	}
	if cfg.readOnly {
		return o, nil
	}
	sweepHolders(path+holdersSuffix, time.Now())
	h, err := takeHolder(path + holdersSuffix)
	if err != nil {
		return nil, api.Errorf("open the outbox: %w", err)
	}
	o.holder = h
	return o, nil
}

// Path is the outbox file.
func (o *Outbox) Path() string { return o.path }

// Close ends this process's hold on the outbox: its edits still pending
// are taken up by the next process that sends (shared.go).
func (o *Outbox) Close() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return nil
	}
	o.closed = true
	if o.holder == nil {
		return nil
	}
	if err := o.holder.release(); err != nil {
		return api.Errorf("close %s: %w", o.path, err)
	}
	return nil
}

// Add queues an edit and returns it as stored: numbered, waiting, due now,
// CreatedAt stamped unless set, Service normalised by ServiceKey. It is on
// disk before Add returns. An edit with Undoes marks the edit it undoes; that
// fails with ErrAlreadyUndone when another edit already undid it.
func (o *Outbox) Add(e Edit) (Edit, error) {
	svc, err := ServiceKey(e.Service)
	if err != nil {
		return Edit{}, api.Errorf("queue edit: %w", err)
	}
	e.Service = svc
	if err := e.check(); err != nil {
		return Edit{}, api.Errorf("queue edit of %s: %w", e.Target(), err)
	}
	now := o.now()
	if e.CreatedAt.IsZero() {
		e.CreatedAt = now
	}
	e.State, e.Attempts, e.NextAttempt, e.LastError = StateWaiting, 0, now, ""
	e.SentAt, e.ResultItemID, e.Theirs, e.TheirModified, e.UndoneBy = time.Time{}, "", "", "", 0
	e.Holder = o.Holder()
	err = o.update(func(tx *bbolt.Tx) error {
		pending := tx.Bucket(bucketPending)
		seq, err := pending.NextSequence()
		if err != nil {
			return err
		}
		e.Seq = seq
		if e.Undoes != 0 {
			if err := markUndone(tx, e); err != nil {
				return err
			}
		}
		ob, err := pending.CreateBucketIfNotExists(ownerKey(e.Service, e.User))
		if err != nil {
			return err
		}
		return putEdit(ob, e)
	})
	if err != nil {
		return Edit{}, api.Errorf("queue edit of %s: %w", e.Target(), err)
	}
	return e, nil
}

// markUndone links the edit that undo undoes to it.
func markUndone(tx *bbolt.Tx, undo Edit) error {
	b, orig, err := locate(tx, undo.Undoes)
	if err != nil {
		return err
	}
	switch {
	case orig.UndoneBy != 0:
		return ErrAlreadyUndone
	case orig.Op != OpPriority || orig.ItemID != undo.ItemID || orig.Service != undo.Service || orig.User != undo.User:
		return api.Errorf("%w: edit %d is not a priority change of %s", ErrInvalidEdit, orig.Seq, undo.Target())
	}
	orig.UndoneBy = undo.Seq
	return putEdit(b, orig)
}

// Get returns an edit, pending or in the history.
func (o *Outbox) Get(seq uint64) (Edit, error) {
	var e Edit
	err := o.view(func(tx *bbolt.Tx) error {
		var err error
		_, e, err = locate(tx, seq)
		return err
	})
	return e, err
}

// Pending returns the pending edits of a user of a service, oldest first.
func (o *Outbox) Pending(service, user string) ([]Edit, error) {
	svc, err := ServiceKey(service)
	if err != nil {
		return nil, api.Errorf("pending edits: %w", err)
	}
	var edits []Edit
	err = o.view(func(tx *bbolt.Tx) error {
		ob := ownerBucket(tx, svc, user)
		if ob == nil {
			return nil
		}
		return forEachEdit(ob, func(e Edit) error {
			edits = append(edits, e)
			return nil
		})
	})
	return edits, err
}

// PendingCount counts the pending edits of a user of a service without
// reading them ("3 edits waiting").
func (o *Outbox) PendingCount(service, user string) (int, error) {
	svc, err := ServiceKey(service)
	if err != nil {
		return 0, api.Errorf("count pending edits: %w", err)
	}
	n := 0
	err = o.view(func(tx *bbolt.Tx) error {
		ob := ownerBucket(tx, svc, user)
		if ob == nil {
			return nil
		}
		c := ob.Cursor()
		for k, _ := c.First(); k != nil; k, _ = c.Next() {
			n++
		}
		return nil
	})
	return n, err
}

// locate finds an edit, pending or in the history, and the bucket holding it.
func locate(tx *bbolt.Tx, seq uint64) (*bbolt.Bucket, Edit, error) {
	key := seqKey(seq)
	var (
		found *bbolt.Bucket
		raw   []byte
	)
	_ = forEachOwner(tx, func(ob *bbolt.Bucket) error {
		if v := ob.Get(key); v != nil {
			found, raw = ob, v
			return errStop
		}
		return nil
	})
	if found == nil {
		if found = tx.Bucket(bucketHistory); found != nil {
			raw = found.Get(key)
		}
		if raw == nil {
			return nil, Edit{}, ErrEditNotFound
		}
	}
	var e Edit
	if err := json.Unmarshal(raw, &e); err != nil {
		return nil, Edit{}, api.Errorf("%w: edit %d: %w", ErrOutboxUnreadable, seq, err)
	}
	return found, e, nil
}

// errStop ends a walk early.
var errStop = errors.New("stop")

// forEachOwner calls fn with the pending bucket of every service and user.
func forEachOwner(tx *bbolt.Tx, fn func(*bbolt.Bucket) error) error {
	pending := tx.Bucket(bucketPending)
	if pending == nil {
		return nil
	}
	err := pending.ForEachBucket(func(k []byte) error { return fn(pending.Bucket(k)) })
	if errors.Is(err, errStop) {
		return nil
	}
	return err
}

// forEachEdit calls fn with every edit of a bucket, oldest first.
func forEachEdit(b *bbolt.Bucket, fn func(Edit) error) error {
	return b.ForEach(func(k, v []byte) error {
		if v == nil {
			return nil
		}
		var e Edit
		if err := json.Unmarshal(v, &e); err != nil {
			return api.Errorf("%w: edit %d: %w", ErrOutboxUnreadable, binary.BigEndian.Uint64(k), err)
		}
		return fn(e)
	})
}

func putEdit(b *bbolt.Bucket, e Edit) error {
	raw, err := json.Marshal(e)
	if err != nil {
		return err
	}
	return b.Put(seqKey(e.Seq), raw)
}

// ownerBucket is the pending bucket of a user of a service, or nil.
func ownerBucket(tx *bbolt.Tx, service, user string) *bbolt.Bucket {
	pending := tx.Bucket(bucketPending)
	if pending == nil {
		return nil
	}
	return pending.Bucket(ownerKey(service, user))
}

func ownerKey(service, user string) []byte { return []byte(service + "\x00" + user) }

func seqKey(seq uint64) []byte { return binary.BigEndian.AppendUint64(nil, seq) }

func (o *Outbox) view(fn func(*bbolt.Tx) error) error {
	return o.transact(false, fn)
}

// update runs a write transaction, creating the buckets on first use. It
// returns once the commit is on disk.
func (o *Outbox) update(fn func(*bbolt.Tx) error) error {
	return o.transact(true, func(tx *bbolt.Tx) error {
		for _, name := range [][]byte{bucketPending, bucketHistory} {
			if _, err := tx.CreateBucketIfNotExists(name); err != nil {
				return err
			}
		}
		return fn(tx)
	})
}

// transact opens the file, runs one transaction and closes the file again,
// so that the file's lock is held only for that transaction (shared.go).
// A panic of bbolt on a damaged page is ErrOutboxUnreadable.
func (o *Outbox) transact(write bool, fn func(*bbolt.Tx) error) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.closed {
		return api.Errorf("the outbox %s is closed", o.path)
	}
	db, err := openBolt(o.path, o.cfg)
	switch {
	case errors.Is(err, errLocked):
		return api.Errorf("%w: another triage kept %s for more than %s", ErrOutboxLocked, o.path, o.cfg.lockTimeout)
	case errors.Is(err, errDamaged):
		return api.Errorf("%w: %s: %w; move it aside to start a new one (the edits waiting in it would not be sent)", ErrOutboxUnreadable, o.path, err)
	case err != nil:
		return api.Errorf("open the outbox: %w", err)
	}
	defer db.Close()
	err = guarded(func() error {
		if !write {
			return db.View(func(tx *bbolt.Tx) error {
				o.saw(uint64(tx.ID()))
				return fn(tx)
			})
		}
		var committed uint64
		err := db.Update(func(tx *bbolt.Tx) error {
			o.saw(uint64(tx.ID()) - 1)
			committed = uint64(tx.ID())
			return fn(tx)
		})
		if err == nil {
			o.seenTx = committed
		}
		return err
	})
	if errors.Is(err, errDamaged) {
		return api.Errorf("%w: %s: %w", ErrOutboxUnreadable, o.path, err)
	}
	return err
}

// saw notes the file's last committed transaction, as found at the start of
// one of this process's own: any other than the last it saw is another
// process's.
func (o *Outbox) saw(tx uint64) {
	if o.seen && tx != o.seenTx {
		o.moved = true
	}
	o.seenTx, o.seen = tx, true
}
