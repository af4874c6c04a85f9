package store

import (
	"time"

	"go.etcd.io/bbolt"
)

// One outbox, shared by every process of a profile: the board, and
// `triage set`, `triage log` and the other commands beside it.
//
// The file. bbolt locks its file (flock) for as long as it is open, so no
// process keeps it open: each transaction opens the file, runs, commits
// (synced), and closes it again (Outbox.transact). Two processes' commits
// therefore never interleave, and each transaction sees every commit made
// before it, by any process. A process waits up to outboxLockWait for
// another's transaction (a few milliseconds each); bbolt retries the lock
// meanwhile.
//
// Who sends an edit. Every process that opens the outbox to write is a
// holder (holder.go), alive exactly as long as its locked file. An edit
// records its holder: the process that added it, then the one that
// claimed it (Edit.Holder). The claim (Outbox.Claim) turns a waiting or
// maybe_applied edit into sending in one transaction, and only when the
// edit is this process's, free, or its holder's process ended; the
// transaction's lock makes it the one claim that wins, so two processes
// never both send an edit. A process sends (Flush) only the edits it may
// claim: another live process's edits are left to it.
//
// A process that died. Its edits stay in the outbox. Its waiting and
// maybe_applied edits are simply claimable by the next process that sends.
// Its sending edits may have reached the service: Adopt turns each into
// maybe_applied (once: the change is made in a transaction that checks the
// edit is still sending for that holder), due after orphanGrace, so that a
// request the dead process sent just before it died has been answered
// before the item is read again. From there the write path's rules for a
// crash apply (write_path.go): the item is read before anything is written,
// and an edit the service already has is marked sent without a write.

// outboxLockWait is how long a transaction waits for the file while
// another process's transaction holds it.
const outboxLockWait = 10 * time.Second

// orphanGrace is how long an edit a dead process was sending waits before
// another process reads its item and sends it: longer than the service
// takes to answer a request it already has (the client's own wait for an
// answer is api.DefaultTimeout; the service answers in well under that).
const orphanGrace = 10 * time.Second

// orphanNote is LastError of an edit taken up from a process that stopped
// while sending it.
const orphanNote = "triage stopped while sending this edit; the service is checked before sending it again"

// holdersDir is the directory of the holders' files.
func (o *Outbox) holdersDir() string { return o.path + holdersSuffix }

// Holder is this process's id as a holder of the outbox ("" read-only).
func (o *Outbox) Holder() string {
	if o.holder == nil {
		return ""
	}
	return o.holder.id
}

// mayClaim reports whether this process may claim an edit: it is its own,
// free, or its holder's process ended. Called within a transaction.
func (o *Outbox) mayClaim(e Edit) bool {
	switch {
	case o.holder == nil:
		return false
	case e.Holder == o.holder.id:
		return true
	case o.gone[e.Holder]:
		return true
	case holderGone(o.holdersDir(), e.Holder):
		o.gone[e.Holder] = true
		return true
	}
	return false
}

// MayClaim is mayClaim for a caller outside a transaction.
func (o *Outbox) MayClaim(e Edit) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.mayClaim(e)
}

// Adopt takes up the edits that a process which ended was sending, of a
// user of a service: each becomes maybe_applied, due after orphanGrace. It
// writes only when there is one, and returns how many it took up.
func (o *Outbox) Adopt(service, user string) (int, error) {
	svc, err := ServiceKey(service)
	if err != nil {
		return 0, err
	}
	orphaned := func(tx *bbolt.Tx) ([]Edit, error) {
		ob := ownerBucket(tx, svc, user)
		if ob == nil {
			return nil, nil
		}
		var out []Edit
		err := forEachEdit(ob, func(e Edit) error {
			if e.State == StateSending && e.Holder != o.Holder() && o.mayClaim(e) {
				out = append(out, e)
			}
			return nil
		})
		return out, err
	}
	var found []Edit
	if err := o.view(func(tx *bbolt.Tx) (err error) { found, err = orphaned(tx); return err }); err != nil || len(found) == 0 {
		return 0, err
	}
	n := 0
	err = o.update(func(tx *bbolt.Tx) error {
		again, err := orphaned(tx)
		if err != nil {
			return err
		}
		ob := ownerBucket(tx, svc, user)
		for _, e := range again {
			e.State, e.LastError, e.NextAttempt, e.Holder = StateMaybeApplied, orphanNote, o.now().Add(orphanGrace), ""
			if err := putEdit(ob, e); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	return n, err
}

// ChangedElsewhere reports whether another process committed a change to
// the outbox since the last call (or the open): the board reads the edits
// again when it did. It reads only the file's header.
func (o *Outbox) ChangedElsewhere() (bool, error) {
	if err := o.view(func(*bbolt.Tx) error { return nil }); err != nil {
		return false, err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	moved := o.moved
	o.moved = false
	return moved, nil
}
