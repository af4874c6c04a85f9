package store

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
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
			return nil, fmt.Errorf("send edit %d: it belongs to %s on %s, not %s on %s", e.Seq, e.User, e.Service, r.user, r.service)
		}
	}
	pending, err := r.outbox.Pending(r.service, r.user)
	if err != nil {
		return nil, err
	}
	queue := newBatchQueue(pending, edits)
	read := r.readAll(ctx, edits)
	results := make([]Result, len(edits))
	errs := make([]error, len(edits))
	var (
		wg      sync.WaitGroup
		slots   = make(chan struct{}, r.parallel)
		stopped atomic.Bool
	)
	for _, group := range byItem(edits) {
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
					results[i] = Result{Edit: e, Outcome: OutcomeQueued, Err: fmt.Errorf("an earlier change of %s is still on its way (edit %d)", e.Target(), held)}
					continue
				}
				results[i], errs[i] = r.sendOne(ctx, queue, edits[i], read)
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
	outside map[string]uint64 // item id → seq of its oldest pending edit outside the batch
}

func newBatchQueue(pending, batch []Edit) *batchQueue {
	inBatch := make(map[uint64]bool, len(batch))
	for _, e := range batch {
		inBatch[e.Seq] = true
	}
	q := &batchQueue{stored: make(map[uint64]Edit, len(batch)), outside: make(map[string]uint64)}
	for _, p := range pending {
		if inBatch[p.Seq] {
			q.stored[p.Seq] = p
			continue
		}
		if _, seen := q.outside[p.ItemID]; p.Op != OpCreate && !seen {
			q.outside[p.ItemID] = p.Seq
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

// sendOne sends an edit unless it waits behind an older edit of its item
// or for the service to rest.
func (r *Replayer) sendOne(ctx context.Context, q *batchQueue, e Edit, read *readItems) (Result, error) {
	e = q.current(e)
	if older, ok := q.outside[e.ItemID]; ok && e.Op != OpCreate && older < e.Seq {
		return Result{Edit: e, Outcome: OutcomeQueued, Err: fmt.Errorf("an earlier change of %s is still on its way (edit %d)", e.Target(), older)}, nil
	}
	if until, resting := r.resting(); resting {
		return Result{Edit: e, Outcome: OutcomeQueued, Err: fmt.Errorf("the service asked to wait; retrying at %s", until.Format(time.TimeOnly))}, nil
	}
	return r.process(ctx, e.Seq, read)
}
