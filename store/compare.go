package store

import (
	"context"
	"sync"

	"triage/api"
)

// Every priority or title edit is sent the same way, fresh from a key press
// or replayed after a restart: read the item as the service has it now,
// compare the field with what the user saw when changing it (Edit.seen,
// recorded in the outbox with the edit), and write only when they agree.
// Someone else's change in between is a conflict for the user to settle;
// it is never overwritten unseen, and the history's From is the value the
// write really replaced.

// itemKey names an item of a workspace.
type itemKey struct {
	ws   int64
	kind api.Kind
	id   string
}

// key names the item an edit changes: ids alone repeat across kinds, as TAPD
// gives a story and a bug the same id for the same short id.
func (e Edit) key() itemKey { return itemKey{e.WorkspaceID, e.Kind, e.ItemID} }

// readItems are items read for a batch of edits, before any was sent. It is
// safe for concurrent use.
type readItems struct {
	mu    sync.Mutex
	items map[itemKey]api.Item
}

// take returns the item read for an edit, once: after the edit is sent the
// read is stale, and a later edit of the same item reads it again.
func (ri *readItems) take(e Edit) (api.Item, bool) {
	ri.mu.Lock()
	defer ri.mu.Unlock()
	k := itemKey{e.WorkspaceID, e.Kind, e.ItemID}
	it, ok := ri.items[k]
	if ok {
		delete(ri.items, k)
	}
	return it, ok
}

// readAll reads, in one request per workspace and kind, the items that two
// or more edits change (a bulk change, a flush). A single item is left to
// update, which reads it alone. A failed read is not an error: each edit
// then reads its item itself, and files the failure as its own.
func (r *Replayer) readAll(ctx context.Context, edits []Edit) *readItems {
	type group struct {
		ws   int64
		kind api.Kind
	}
	ids := make(map[group][]string)
	seen := make(map[itemKey]bool)
	for _, e := range edits {
		k := itemKey{e.WorkspaceID, e.Kind, e.ItemID}
		if !e.Op.ChangesField() || e.ItemID == "" || seen[k] {
			continue
		}
		seen[k] = true
		g := group{e.WorkspaceID, e.Kind}
		ids[g] = append(ids[g], e.ItemID)
	}
	read := &readItems{items: make(map[itemKey]api.Item)}
	for g, list := range ids {
		if len(list) < 2 {
			continue
		}
		items, err := r.remote.GetMany(ctx, g.ws, g.kind, list)
		if err != nil {
			continue
		}
		for _, it := range items {
			if k := (itemKey{g.ws, g.kind, it.ID}); seen[k] {
				read.items[k] = it
			}
		}
	}
	return read
}

// update sends a field edit (priority, title, status, owners, iteration,
// severity): cur is its item when already read
// (ok), else it is read now. The service already holding the edit's value
// marks it applied without a write; a value other than the one the user saw
// is a conflict.
func (r *Replayer) update(ctx context.Context, j job, cur api.Item, ok bool) (Result, error) {
	if !ok {
		var err error
		cur, err = r.remote.Get(ctx, j.WorkspaceID, j.Kind, j.ItemID)
		if err != nil {
			return r.afterFailure(ctx, j, err, false)
		}
	}
	switch value := currentValue(j.Edit, cur); {
	case sameValue(j.Op, value, j.To):
		return r.done(j, cur, OutcomeApplied)
	case !sameValue(j.Op, value, j.seen()):
		e, err := r.outbox.MarkConflict(j.Seq, value, cur.Modified)
		return Result{Edit: e, Outcome: OutcomeConflict, Item: cur}, err
	}
	var (
		it  api.Item
		err error
	)
	if j.Op == OpPriority {
		it, err = r.remote.UpdatePriority(ctx, j.WorkspaceID, j.Kind, j.ItemID, j.To, j.User)
	} else {
		it, err = r.remote.Update(ctx, j.WorkspaceID, j.Kind, j.ItemID, writeFields(j.Edit), j.User)
	}
	if err != nil {
		return r.afterFailure(ctx, j, err, true)
	}
	return r.done(j, it, OutcomeSent)
}

// currentValue is the value on the service of the field the edit changes.
func currentValue(e Edit, it api.Item) string { return normalized(fieldValue(e.Op, it)) }
