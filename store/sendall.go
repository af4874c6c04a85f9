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
			for _, i := range group {
				results[i], errs[i] = r.sendOne(ctx, edits[i], read)
				if errs[i] != nil {
					stopped.Store(true)
					return
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

// sendOne sends an edit unless it waits behind an older edit of its item
// or for the service to rest.
func (r *Replayer) sendOne(ctx context.Context, e Edit, read *readItems) (Result, error) {
	pending, err := r.outbox.Pending(r.service, r.user)
	if err != nil {
		return Result{}, err
	}
	for _, p := range pending {
		if p.Seq == e.Seq {
			e = p
			break
		}
		if e.Op != OpCreate && p.Op != OpCreate && p.ItemID == e.ItemID {
			return Result{Edit: e, Outcome: OutcomeQueued, Err: fmt.Errorf("an earlier change of %s is still on its way (edit %d)", e.Target(), p.Seq)}, nil
		}
	}
	if until, resting := r.resting(); resting {
		return Result{Edit: e, Outcome: OutcomeQueued, Err: fmt.Errorf("the service asked to wait; retrying at %s", until.Format(time.TimeOnly))}, nil
	}
	return r.process(ctx, e.Seq, read)
}
