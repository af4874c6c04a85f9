package store

import (
	"context"

	"triage/api"
)

// Batch writes. Edits of many items of one kind sent together (a bulk
// change, a flush of queued edits) go out through the kind's batch
// interface, api.MaxBatch items a request, along the same write path as
// one edit: each is claimed, compared with its item as read ahead for the
// batch (a conflict or an already applied edit is settled without a
// write), then written in the batch and marked sent from its own result in
// the answer. A crash after the claim leaves each edit claimed, and the
// next run reads its item before sending it again, as for a single write.
// An edit the batch cannot carry (a field the batch interface does not
// take, a status move with fields of its step, a create, a comment) goes
// one by one along sendEdit.

// BatchRemote is a Remote that writes many items of one kind in one
// request; *api.Client is one.
type BatchRemote interface {
	BatchUpdate(ctx context.Context, workspaceID int64, kind api.Kind, items []api.BatchItem, currentUser string) ([]api.BatchResult, error)
}

// batchSent is what became of an edit sent in a batch; err is as
// sendEdit's.
type batchSent struct {
	res Result
	err error
}

// batchKey names the items one batch request may carry.
type batchKey struct {
	ws   int64
	kind api.Kind
}

// batched is a claimed edit whose write goes in a batch, with its item as
// read before.
type batched struct {
	job
	cur    api.Item
	fields map[string]string
}

// BatchCarries reports whether the batch interface of kind takes an edit of
// op, as the outbox decides it for each edit: the bulk preview counts the
// requests of a bulk by it.
func BatchCarries(kind api.Kind, op EditOp) bool {
	_, ok := batchFields(Edit{Kind: kind, Op: op, To: "x"})
	return ok
}

// batchFields are the fields a batch writes for an edit, and whether the
// kind's batch interface takes them all.
func batchFields(e Edit) (map[string]string, bool) {
	if !e.Op.ChangesField() {
		return nil, false
	}
	fields := writeFields(e)
	if e.Op == OpPriority {
		fields = map[string]string{"priority_label": api.NormalizePriority(e.To)}
	}
	if e.User != "" && fields["current_user"] == "" {
		fields["current_user"] = e.User
	}
	return fields, api.BatchTakes(e.Kind, fields)
}

// writeBatches sends candidates (each the first edit of its item in this
// send) through the batch interface, where two or more of a workspace and
// kind can go and their items were read ahead. It returns what became of
// each edit it handled, by seq; the others are left to sendEdit. After an
// error no further batch is sent.
func (r *Replayer) writeBatches(ctx context.Context, candidates []Edit, read *readItems) map[uint64]batchSent {
	done := make(map[uint64]batchSent)
	br, ok := r.remote.(BatchRemote)
	if !ok {
		return done
	}
	groups := make(map[batchKey][]Edit)
	var order []batchKey
	for _, e := range candidates {
		if _, takes := batchFields(e); !takes || !read.has(e) {
			continue
		}
		k := batchKey{e.WorkspaceID, e.Kind}
		if _, seen := groups[k]; !seen {
			order = append(order, k)
		}
		groups[k] = append(groups[k], e)
	}
	for _, k := range order {
		if len(groups[k]) < 2 {
			continue
		}
		if !r.writeGroup(ctx, br, k, groups[k], read, done) {
			return done
		}
	}
	return done
}

// writeGroup claims and compares the edits of one workspace and kind in
// turn, and sends those still to write api.MaxBatch at a time. It reports
// whether sending may go on.
func (r *Replayer) writeGroup(ctx context.Context, br BatchRemote, k batchKey, edits []Edit, read *readItems, done map[uint64]batchSent) bool {
	var ready []batched
	for i, e := range edits {
		if _, resting := r.resting(); resting || ctx.Err() != nil {
			// What is claimed goes (or is filed by its failure); no more is claimed.
			r.writeBatch(ctx, br, k, ready, done)
			return false
		}
		j, found, claimed, err := r.claim(e.Seq)
		switch {
		case !claimed:
			done[e.Seq] = batchSent{found, err}
		default:
			cur, rerr := r.read(ctx, j, read)
			if rerr != nil {
				res, ferr := r.afterFailure(ctx, j, rerr, false)
				done[e.Seq], err = batchSent{res, ferr}, ferr
				break
			}
			res, settled, cerr := r.compare(j, cur)
			if settled {
				done[e.Seq], err = batchSent{res, cerr}, cerr
				break
			}
			fields, _ := batchFields(j.Edit)
			ready = append(ready, batched{job: j, cur: cur, fields: fields})
		}
		if err != nil {
			r.writeBatch(ctx, br, k, ready, done)
			return false
		}
		if len(ready) == api.MaxBatch || i == len(edits)-1 {
			if !r.writeBatch(ctx, br, k, ready, done) {
				return false
			}
			ready = ready[:0]
		}
	}
	return true
}

// writeBatch sends claimed edits in one request and files each by its
// result. It reports whether sending may go on.
func (r *Replayer) writeBatch(ctx context.Context, br BatchRemote, k batchKey, ready []batched, done map[uint64]batchSent) bool {
	if len(ready) == 0 {
		return true
	}
	items := make([]api.BatchItem, len(ready))
	for i, b := range ready {
		items[i] = api.BatchItem{ID: b.ItemID, Fields: b.fields}
	}
	results, sendErr := br.BatchUpdate(ctx, k.ws, k.kind, items, "")
	goOn := sendErr == nil
	for i, b := range ready {
		var s batchSent
		switch {
		case sendErr != nil:
			s.res, s.err = r.afterFailure(ctx, b.job, sendErr, true)
		case results[i].Err != nil:
			s.res, s.err = r.afterFailure(ctx, b.job, results[i].Err, true)
		default:
			s.res, s.err = r.markSent(b.job, written(b.Edit, b.cur), OutcomeSent)
		}
		done[b.Seq] = s
		goOn = goOn && s.err == nil
	}
	return goOn
}

// written is the item as the batch left it: the batch answer names no
// item, so it is the item read before with the edit's value put on.
func written(e Edit, before api.Item) api.Item {
	if f, ok := FieldOf(e.Op); ok && f.Set != nil {
		f.Set(&before, e.To)
	}
	return before
}

// has reports whether the item of an edit was read ahead.
func (ri *readItems) has(e Edit) bool {
	ri.mu.Lock()
	defer ri.mu.Unlock()
	_, ok := ri.items[e.key()]
	return ok
}

// firstDue are the pending edits a flush may write in a batch: those due
// now that are the oldest pending edit of their item.
func firstDue(pending []Edit, due map[uint64]bool) []Edit {
	seen := make(map[itemKey]bool)
	var out []Edit
	for _, e := range pending {
		if e.Op == OpCreate || seen[e.key()] {
			continue
		}
		seen[e.key()] = true
		if due[e.Seq] {
			out = append(out, e)
		}
	}
	return out
}
