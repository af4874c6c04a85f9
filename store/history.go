package store

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"go.etcd.io/bbolt"

	"triage/api"
)

// History returns the edits created at or after since and made in session,
// pending and done, oldest first: the U view (this session's changes, sent or
// waiting) and `triage log`. A zero since or an empty session does not filter.
func (o *Outbox) History(since time.Time, session string) ([]Edit, error) {
	var edits []Edit
	err := o.view(func(tx *bbolt.Tx) error {
		return forAllEdits(tx, func(e Edit) error {
			if (session == "" || e.Session == session) && (since.IsZero() || !e.CreatedAt.Before(since)) {
				edits = append(edits, e)
			}
			return nil
		})
	})
	if err != nil {
		return nil, api.Errorf("read the session log: %w", err)
	}
	sortBySeq(edits)
	return edits, nil
}

// LastSession is the session of the newest edit, pending or done: what
// `triage log` shows by default. It reports false when there is no edit.
func (o *Outbox) LastSession() (string, bool, error) {
	var (
		newest []byte
		raw    []byte
	)
	consider := func(b *bbolt.Bucket) {
		if b == nil {
			return
		}
		if k, v := b.Cursor().Last(); k != nil && bytes.Compare(k, newest) > 0 {
			newest, raw = k, v
		}
	}
	err := o.view(func(tx *bbolt.Tx) error {
		consider(tx.Bucket(bucketHistory))
		return forEachOwner(tx, func(ob *bbolt.Bucket) error {
			consider(ob)
			return nil
		})
	})
	if err != nil || raw == nil {
		return "", false, err
	}
	var e Edit
	if err := json.Unmarshal(raw, &e); err != nil {
		return "", false, api.Errorf("%w: newest edit: %w", ErrOutboxUnreadable, err)
	}
	return e.Session, true, nil
}

// undoable lists the states of an edit that u can undo: sent or on its way.
var undoable = []EditState{StateWaiting, StateSending, StateMaybeApplied, StateSent}

// LastUndoable is the newest priority edit of a session that u can undo: sent
// or on its way, not itself an undo, not undone yet. Undoing it (Add of
// UndoOf) marks it, so that the next call walks one edit further back. A
// change that gave an item its first priority is undone by clearing it,
// where the service allows an empty priority.
func (o *Outbox) LastUndoable(session string) (Edit, bool, error) {
	edits, err := o.History(time.Time{}, session)
	if err != nil {
		return Edit{}, false, err
	}
	for _, e := range slices.Backward(edits) {
		if e.Op == OpPriority && e.Undoes == 0 && e.UndoneBy == 0 && slices.Contains(undoable, e.State) {
			return e, true, nil
		}
	}
	return Edit{}, false, nil
}

// resultTaken reports whether a sent edit of op (a create or a comment) on
// the kind, other than except, already produced the id, so that finding that
// item or comment again does not count as finding a second one applied. Ids
// repeat across kinds and records (TAPD gives a story, a bug and a comment
// the same id for the same sequence number).
func (o *Outbox) resultTaken(op EditOp, kind api.Kind, itemID string, except uint64) (bool, error) {
	taken := false
	err := o.view(func(tx *bbolt.Tx) error {
		h := tx.Bucket(bucketHistory)
		if h == nil {
			return nil
		}
		return forEachEdit(h, func(e Edit) error {
			if e.Op == op && e.Seq != except && e.Kind == kind && e.ResultItemID == itemID {
				taken = true
				return errStop
			}
			return nil
		})
	})
	if err != nil && !errors.Is(err, errStop) {
		return false, err
	}
	return taken, nil
}

// forAllEdits calls fn with every edit, pending (by owner) then done.
func forAllEdits(tx *bbolt.Tx, fn func(Edit) error) error {
	if err := forEachOwner(tx, func(ob *bbolt.Bucket) error { return forEachEdit(ob, fn) }); err != nil {
		return err
	}
	if h := tx.Bucket(bucketHistory); h != nil {
		return forEachEdit(h, fn)
	}
	return nil
}

func sortBySeq(edits []Edit) {
	slices.SortFunc(edits, func(a, b Edit) int { return cmp.Compare(a.Seq, b.Seq) })
}
