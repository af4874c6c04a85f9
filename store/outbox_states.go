package store

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"go.etcd.io/bbolt"

	"triage/api"
)

// Claim marks a waiting or maybe_applied edit as sending by this process,
// counting the attempt, so that no one else sends it meanwhile: of two
// processes that claim an edit, one wins (shared.go). It returns the edit
// as claimed and the state it had. It fails with ErrEditState when the edit
// is in another state (already being sent, in conflict, done), or another
// live process holds it (ErrHeldElsewhere).
func (o *Outbox) Claim(seq uint64) (Edit, EditState, error) {
	var prev EditState
	e, err := o.transitionIf(seq, []EditState{StateWaiting, StateMaybeApplied}, func(e *Edit) error {
		if !o.mayClaim(*e) {
			return ErrHeldElsewhere
		}
		prev = e.State
		e.State, e.Holder = StateSending, o.Holder()
		e.Attempts++
		return nil
	})
	return e, prev, err
}

// Requeue puts an edit being sent back in the queue after a failure that
// leaves it to retry: as waiting, or as maybe_applied when the send may have
// reached the service, due at next, with the reason shown to the user.
func (o *Outbox) Requeue(seq uint64, state EditState, next time.Time, reason string) (Edit, error) {
	if state != StateWaiting && state != StateMaybeApplied {
		return Edit{}, api.Errorf("requeue edit %d as %s: %w", seq, state, ErrEditState)
	}
	return o.transition(seq, []EditState{StateSending}, func(e *Edit) {
		e.State, e.NextAttempt, e.LastError = state, next, reason
	})
}

// MarkConflict records that someone else changed the item since the user saw
// it: theirs is the value now on the service, theirModified its modified time.
// The edit waits for KeepMine or TakeTheirs.
func (o *Outbox) MarkConflict(seq uint64, theirs, theirModified string) (Edit, error) {
	return o.transition(seq, []EditState{StateSending}, func(e *Edit) {
		e.State, e.Theirs, e.TheirModified = StateConflict, theirs, theirModified
		e.LastError = fmt.Sprintf("changed meanwhile by someone else to %q", theirs)
	})
}

// MarkSent records that the service confirmed the edit (resultItemID: the id
// of a created item) and moves it to the history.
func (o *Outbox) MarkSent(seq uint64, resultItemID string) (Edit, error) {
	return o.transition(seq, []EditState{StateSending}, func(e *Edit) {
		e.State, e.SentAt, e.LastError = StateSent, o.now(), ""
		if resultItemID != "" {
			e.ResultItemID = resultItemID
		}
	})
}

// MarkFailed records that the service refused the edit, with the reason, and
// moves it to the history, where the user still sees it.
func (o *Outbox) MarkFailed(seq uint64, reason string) (Edit, error) {
	return o.transition(seq, []EditState{StateSending}, func(e *Edit) {
		e.State, e.LastError = StateFailed, reason
	})
}

// KeepMine resolves a conflict in favour of the user's edit: it waits to be
// sent again, now based on the other change (From, SeenPriority and
// SeenModified take its values).
func (o *Outbox) KeepMine(seq uint64) (Edit, error) {
	return o.transition(seq, []EditState{StateConflict}, func(e *Edit) {
		e.From, e.SeenModified, e.Holder = e.Theirs, e.TheirModified, o.Holder()
		if e.Op == OpPriority {
			e.SeenPriority = e.Theirs
		}
		e.State, e.NextAttempt, e.LastError = StateWaiting, o.now(), ""
		e.Theirs, e.TheirModified = "", ""
	})
}

// TakeTheirs resolves a conflict in favour of the other change: the edit is
// dropped, kept in the history as discarded.
func (o *Outbox) TakeTheirs(seq uint64) (Edit, error) {
	return o.transition(seq, []EditState{StateConflict}, func(e *Edit) {
		e.State, e.LastError = StateDiscarded, fmt.Sprintf("dropped for the other change (%q)", e.Theirs)
	})
}

// transition changes a pending edit that is in one of the states from, in one
// transaction; an edit that leaves the pending states moves to the history.
func (o *Outbox) transition(seq uint64, from []EditState, change func(*Edit)) (Edit, error) {
	return o.transitionIf(seq, from, func(e *Edit) error { change(e); return nil })
}

// transitionIf is transition with a change that may refuse, leaving the
// edit as it was.
func (o *Outbox) transitionIf(seq uint64, from []EditState, change func(*Edit) error) (Edit, error) {
	var e Edit
	err := o.update(func(tx *bbolt.Tx) error {
		b, cur, err := locate(tx, seq)
		if err != nil {
			return err
		}
		if !slices.Contains(from, cur.State) {
			return api.Errorf("%w: it is %s", ErrEditState, cur.State)
		}
		e = cur
		if err := change(&e); err != nil {
			return err
		}
		if e.State.Pending() {
			return putEdit(b, e)
		}
		e.Holder = ""
		if err := b.Delete(seqKey(seq)); err != nil {
			return err
		}
		if e.Undoes != 0 && e.State != StateSent {
			if err := unlinkUndo(tx, e); err != nil {
				return err
			}
		}
		return putEdit(tx.Bucket(bucketHistory), e)
	})
	if err != nil {
		return Edit{}, api.Errorf("edit %d: %w", seq, err)
	}
	return e, nil
}

// unlinkUndo makes the edit an undo did not apply undoable again.
func unlinkUndo(tx *bbolt.Tx, undo Edit) error {
	b, orig, err := locate(tx, undo.Undoes)
	if errors.Is(err, ErrEditNotFound) || err == nil && orig.UndoneBy != undo.Seq {
		return nil
	}
	if err != nil {
		return err
	}
	orig.UndoneBy = 0
	return putEdit(b, orig)
}
