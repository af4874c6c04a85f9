package store

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"triage/api"
)

// SendAll sends edits added to the outbox as Send does each, but reads
// their items in one request per kind (a bulk change) rather than one each,
// and sends up to ReplayerConfig.Parallel items at once, the edits of one
// item in order. It returns a result per edit, in the order of edits; after
// an error no further item is started, and an edit not tried has an empty
// Outcome. The error is the first in the order of edits.
func (r *Replayer) SendAll(ctx context.Context, edits []Edit) ([]Result, error) {
	for _, e := range edits {
		if svc, err := ServiceKey(e.Service); err != nil || svc != r.service || e.User != r.user {
			return nil, api.Errorf("send edit %d: it belongs to %s on %s, not %s on %s", e.Seq, e.User, e.Service, r.user, r.service)
		}
	}
	pending, err := r.outbox.Pending(r.service, r.user)
	if err != nil {
		return nil, err
	}
	queue := newBatchQueue(pending, edits)
	read := r.readAll(ctx, queue.stillPending(edits))
	groups := byItem(edits)
	inBatch := r.writeBatches(ctx, queue.firsts(edits, groups), read)
	results := make([]Result, len(edits))
	errs := make([]error, len(edits))
	var (
		wg      sync.WaitGroup
		slots   = make(chan struct{}, r.parallel)
		stopped atomic.Bool
	)
	for _, group := range groups {
		slots <- struct{}{}
		if stopped.Load() {
			<-slots
			break
		}
		wg.Go(func() {
			defer func() { <-slots }()
			var held uint64 // an edit of the group still pending: the later ones wait behind it
			for _, i := range group {
				if held != 0 {
					e := queue.current(edits[i])
					results[i] = Result{Edit: e, Outcome: OutcomeQueued, Err: api.Errorf("an earlier change of %s is still on its way (edit %d)", e.Target(), held)}
					continue
				}
				if b, ok := inBatch[edits[i].Seq]; ok {
					results[i], errs[i] = b.res, b.err
				} else {
					results[i], errs[i] = r.sendOne(ctx, queue, edits[i], read)
				}
				if errs[i] != nil {
					stopped.Store(true)
					return
				}
				if o := results[i].Outcome; o == OutcomeQueued || o == OutcomeConflict {
					held = results[i].Edit.Seq
				}
			}
		})
	}
	wg.Wait()
	for i := range results {
		if results[i].Edit.Seq == 0 {
			results[i].Edit = edits[i]
		}
		if errs[i] != nil {
			return results, errs[i]
		}
	}
	return results, nil
}

// byItem groups the indexes of edits by their item, in order of first
// appearance; each create is a group of its own.
func byItem(edits []Edit) [][]int {
	var groups [][]int
	at := make(map[itemKey]int)
	for i, e := range edits {
		if e.Op == OpCreate {
			groups = append(groups, []int{i})
			continue
		}
		k := itemKey{e.WorkspaceID, e.Kind, e.ItemID}
		if g, ok := at[k]; ok {
			groups[g] = append(groups[g], i)
			continue
		}
		at[k] = len(groups)
		groups = append(groups, []int{i})
	}
	return groups
}

// batchQueue is the outbox's pending edits as SendAll found them, read once
// for the whole batch: each edit as stored, and the oldest pending edit of
// each item that is not part of the batch (an edit of the batch waits
// behind it).
type batchQueue struct {
	stored  map[uint64]Edit
	outside map[itemKey]uint64 // item → seq of its oldest pending edit outside the batch
}

func newBatchQueue(pending, batch []Edit) *batchQueue {
	inBatch := make(map[uint64]bool, len(batch))
	for _, e := range batch {
		inBatch[e.Seq] = true
	}
	q := &batchQueue{stored: make(map[uint64]Edit, len(batch)), outside: make(map[itemKey]uint64)}
	for _, p := range pending {
		if inBatch[p.Seq] {
			q.stored[p.Seq] = p
			continue
		}
		if _, seen := q.outside[p.key()]; p.Op != OpCreate && !seen {
			q.outside[p.key()] = p.Seq
		}
	}
	return q
}

// current is an edit of the batch as the outbox holds it.
func (q *batchQueue) current(e Edit) Edit {
	if p, ok := q.stored[e.Seq]; ok {
		return p
	}
	return e
}

// stillPending are the edits of the batch the outbox still holds pending,
// as it holds them: one a flush sent meanwhile needs no read.
func (q *batchQueue) stillPending(edits []Edit) []Edit {
	out := make([]Edit, 0, len(edits))
	for _, e := range edits {
		if p, ok := q.stored[e.Seq]; ok {
			out = append(out, p)
		}
	}
	return out
}

// firsts are the edits that may go in a batch write: the first of each
// item's group, as stored, unless it waits behind an older edit of its
// item outside the batch.
func (q *batchQueue) firsts(edits []Edit, groups [][]int) []Edit {
	var out []Edit
	for _, g := range groups {
		e := q.current(edits[g[0]])
		if older, ok := q.outside[e.key()]; e.Op == OpCreate || ok && older < e.Seq {
			continue
		}
		out = append(out, e)
	}
	return out
}

// sendOne sends an edit unless it waits behind an older edit of its item
// or for the service to rest.
func (r *Replayer) sendOne(ctx context.Context, q *batchQueue, e Edit, read *readItems) (Result, error) {
	e = q.current(e)
	if older, ok := q.outside[e.key()]; ok && e.Op != OpCreate && older < e.Seq {
		return Result{Edit: e, Outcome: OutcomeQueued, Err: api.Errorf("an earlier change of %s is still on its way (edit %d)", e.Target(), older)}, nil
	}
	if until, why, resting := r.Resting(); resting {
		return Result{Edit: e, Outcome: OutcomeQueued, Err: api.Errorf("%s; retrying at %s", why, until.Format(time.TimeOnly))}, nil
	}
	return r.sendEdit(ctx, e.Seq, read)
}

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
	mu       sync.Mutex
	items    map[itemKey]api.Item
	attempts map[uint64]int // each edit's attempts when its item was read
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

// untriedSince reports whether an edit, as just claimed, had no attempt
// since its item was read ahead: its claim is the first after the read.
func (ri *readItems) untriedSince(claimed Edit) bool {
	ri.mu.Lock()
	defer ri.mu.Unlock()
	before, ok := ri.attempts[claimed.Seq]
	return ok && claimed.Attempts == before+1
}

// readAll reads, in one request per workspace and kind, the items that two
// or more edits change (a bulk change, a flush). A single item is left to
// sendEdit, which reads it alone. A failed read is not an error: each edit
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
	read := &readItems{items: make(map[itemKey]api.Item), attempts: make(map[uint64]int, len(edits))}
	for _, e := range edits {
		read.attempts[e.Seq] = e.Attempts
	}
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
