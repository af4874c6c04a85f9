package store

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"go.etcd.io/bbolt"
)

// OutboxFile is the name of the outbox under Paths.StateDir.
const OutboxFile = "outbox.db"

// The errors of the outbox.
var (
	// ErrOutboxLocked: another triage holds the outbox (it sends its edits).
	ErrOutboxLocked = errors.New("the outbox is in use by another triage; close it and retry")
	// ErrOutboxUnreadable: the outbox file is damaged. It is left as it is,
	// since it may hold edits not yet sent.
	ErrOutboxUnreadable = errors.New("the outbox is unreadable")
	// ErrEditNotFound: no edit has that number.
	ErrEditNotFound = errors.New("no such edit in the outbox")
	// ErrEditState: the edit is not in a state that allows the change (for
	// instance another goroutine is sending it).
	ErrEditState = errors.New("the edit cannot change from its state")
	// ErrAlreadyUndone: the edit has already been undone.
	ErrAlreadyUndone = errors.New("that change has already been undone")
)

// restartNote is LastError of an edit found "sending" at start: the app
// stopped while sending it.
const restartNote = "triage stopped while sending this edit; the service is checked before sending it again"

var (
	bucketPending = []byte("pending") // owner (service, user) → seq → edit
	bucketHistory = []byte("history") // seq → edit
)

// Outbox holds every edit from the moment the user makes it until the
// service confirms it, in a bbolt file synced on every commit: an edit added
// is on disk before Add returns, and survives the app being closed or killed.
// Pending edits are kept per service and user; sent, failed and discarded
// ones move to the history, for `triage log` and undo. One triage at a time
// holds the file. It is safe for concurrent use.
type Outbox struct {
	path string
	now  func() time.Time
	db   *bbolt.DB
}

// OpenOutbox opens the outbox at path (normally Paths.StateDir/outbox.db),
// creating it and its directory, private to the user. Edits left "sending"
// by a run that stopped are marked maybe_applied, so they are checked before
// being sent again. It fails with ErrOutboxLocked when another triage holds
// the file past the lock timeout, and with ErrOutboxUnreadable when the file
// is damaged (it is left untouched: move it aside to start afresh, losing
// the edits it holds).
func OpenOutbox(path string, opts ...OpenOption) (*Outbox, error) {
	cfg := newOpenConfig(opts)
	db, err := openBolt(path, cfg)
	switch {
	case errors.Is(err, errLocked):
		return nil, fmt.Errorf("%w (%s)", ErrOutboxLocked, path)
	case errors.Is(err, errDamaged):
		return nil, fmt.Errorf("%w: %s: %w; move it aside to start a new one (the edits waiting in it would not be sent)", ErrOutboxUnreadable, path, err)
	case err != nil:
		return nil, fmt.Errorf("open the outbox: %w", err)
	}
	o := &Outbox{path: path, now: cfg.now, db: db}
	if !cfg.readOnly {
		if err := o.recoverSending(); err != nil {
			_ = db.Close()
			return nil, err
		}
	}
	return o, nil
}

// recoverSending marks the edits a stopped run left "sending" as maybe_applied.
// Holding the file means no other triage is sending them.
func (o *Outbox) recoverSending() error {
	return o.update(func(tx *bbolt.Tx) error {
		return forEachOwner(tx, func(ob *bbolt.Bucket) error {
			return forEachEdit(ob, func(e Edit) error {
				if e.State != StateSending {
					return nil
				}
				e.State, e.LastError, e.NextAttempt = StateMaybeApplied, restartNote, o.now()
				return putEdit(ob, e)
			})
		})
	})
}

// Path is the outbox file.
func (o *Outbox) Path() string { return o.path }

// Close closes the file.
func (o *Outbox) Close() error {
	if err := o.db.Close(); err != nil {
		return fmt.Errorf("close %s: %w", o.path, err)
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
		return Edit{}, fmt.Errorf("queue edit: %w", err)
	}
	e.Service = svc
	if err := e.check(); err != nil {
		return Edit{}, fmt.Errorf("queue edit of %s: %w", e.Target(), err)
	}
	now := o.now()
	if e.CreatedAt.IsZero() {
		e.CreatedAt = now
	}
	e.State, e.Attempts, e.NextAttempt, e.LastError = StateWaiting, 0, now, ""
	e.SentAt, e.ResultItemID, e.Theirs, e.TheirModified, e.UndoneBy = time.Time{}, "", "", "", 0
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
		return Edit{}, fmt.Errorf("queue edit of %s: %w", e.Target(), err)
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
		return fmt.Errorf("%w: edit %d is not a priority change of %s", ErrInvalidEdit, orig.Seq, undo.Target())
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
		return nil, fmt.Errorf("pending edits: %w", err)
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
		return 0, fmt.Errorf("count pending edits: %w", err)
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
		return nil, Edit{}, fmt.Errorf("%w: edit %d: %w", ErrOutboxUnreadable, seq, err)
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
			return fmt.Errorf("%w: edit %d: %w", ErrOutboxUnreadable, binary.BigEndian.Uint64(k), err)
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
	return o.run(func() error { return o.db.View(fn) })
}

// update runs a write transaction, creating the buckets on first use. It
// returns once the commit is on disk.
func (o *Outbox) update(fn func(*bbolt.Tx) error) error {
	return o.run(func() error {
		return o.db.Update(func(tx *bbolt.Tx) error {
			for _, name := range [][]byte{bucketPending, bucketHistory} {
				if _, err := tx.CreateBucketIfNotExists(name); err != nil {
					return err
				}
			}
			return fn(tx)
		})
	})
}

// run turns a panic of bbolt on a damaged page into ErrOutboxUnreadable.
func (o *Outbox) run(fn func() error) error {
	err := guarded(fn)
	if errors.Is(err, errDamaged) {
		return fmt.Errorf("%w: %s: %w", ErrOutboxUnreadable, o.path, err)
	}
	return err
}
