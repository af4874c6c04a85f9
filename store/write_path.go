package store

import (
	"context"
	"errors"

	"triage/api"
)

// The write path. Every edit reaches the service through sendEdit, fresh
// from a key press or replayed after a restart, in five steps read top to
// bottom below:
//
//  1. claim: the edit is marked sending on disk (Outbox.Claim), so that no
//     other process of the profile sends it meanwhile (shared.go);
//  2. read: the item as the service has it now (read ahead for a batch, see
//     SendAll and read below, else read alone);
//  3. compare: the field with what the user saw when changing it (Edit.seen,
//     kept in the outbox with the edit): the service holding the new value
//     already marks the edit applied without a write; any other value is a
//     conflict the user settles (KeepMine, TakeTheirs), never overwritten
//     unseen, and the history's From is the value the write really replaced;
//  4. write: the one request that changes the item;
//  5. mark sent: only once the service confirmed it (Outbox.MarkSent).
//
// A crash between claim and mark sent leaves the edit in the outbox; the
// next run reads before it writes again, so an edit is applied once. Creates
// and comments have nothing to compare: after the claim they look for an
// earlier attempt on the service instead (create.go, comment.go). A failed
// read or write is filed by afterFailure.

// job is an edit being sent, with what is known of its past.
type job struct {
	Edit
	prev   EditState // state before the claim
	replay bool      // a create or comment: look for it on the service before sending
}

// sendEdit sends the pending edit seq along the write path; read holds the
// items read ahead for a batch.
func (r *Replayer) sendEdit(ctx context.Context, seq uint64, read *readItems) (Result, error) {
	j, found, claimed, err := r.claim(seq)
	if !claimed {
		return found, err
	}
	switch j.Op {
	case OpCreate:
		return r.create(ctx, j)
	case OpComment:
		return r.comment(ctx, j)
	}
	cur, err := r.read(ctx, j, read)
	if err != nil {
		return r.afterFailure(ctx, j, err, false)
	}
	if settled, done, err := r.compare(j, cur); done {
		return settled, err
	}
	it, err := r.write(ctx, j)
	if err != nil {
		return r.afterFailure(ctx, j, err, true)
	}
	return r.markSent(j, it, OutcomeSent)
}

// claim marks the edit sending. An edit in a state it cannot be sent from
// (another call sends it, it waits for the user, it is done) is not claimed:
// found is what became of it.
func (r *Replayer) claim(seq uint64) (j job, found Result, claimed bool, err error) {
	e, prev, err := r.outbox.Claim(seq)
	if errors.Is(err, ErrEditState) {
		cur, gerr := r.outbox.Get(seq)
		if gerr != nil {
			return job{}, Result{}, false, gerr
		}
		outcome := outcomeOf(cur.State)
		if errors.Is(err, ErrHeldElsewhere) {
			outcome = OutcomeBusy
		}
		return job{}, Result{Edit: cur, Outcome: outcome}, false, nil
	}
	if err != nil {
		return job{}, Result{}, false, err
	}
	// Only a create or a comment looks for itself first, and only when an
	// attempt may have reached the service (maybe_applied: the client says
	// which failures may have) or it comes from an earlier run. An attempt
	// the service refused, a 429 above all, costs no read to look for it.
	replay := prev == StateMaybeApplied || e.Session != r.session
	return job{Edit: e, prev: prev, replay: replay}, Result{}, true, nil
}

// read is the item of a field edit as the service has it now. The item
// read ahead for a batch stands for it only when no attempt at the edit was
// made since that read: another process may have sent it meanwhile and
// given up (shared.go), and then the item is read again, after the claim.
func (r *Replayer) read(ctx context.Context, j job, ahead *readItems) (api.Item, error) {
	if cur, ok := ahead.take(j.Edit); ok && ahead.untriedSince(j.Edit) {
		return cur, nil
	}
	return r.remote.Get(ctx, j.WorkspaceID, j.Kind, j.ItemID)
}

// compare settles the edit without a write when the service's value is not
// the one the user saw: applied when it already is the new value, else a
// conflict. done is false when the write is to go ahead.
func (r *Replayer) compare(j job, cur api.Item) (settled Result, done bool, err error) {
	switch value := currentValue(j.Edit, cur); {
	case sameValue(j.Op, value, j.To):
		settled, err = r.markSent(j, cur, OutcomeApplied)
		return settled, true, err
	case !sameValue(j.Op, value, j.seen()):
		e, err := r.outbox.MarkConflict(j.Seq, value, cur.Modified)
		return Result{Edit: e, Outcome: OutcomeConflict, Item: cur}, true, err
	}
	return Result{}, false, nil
}

// write sends the field edit (priority, title, status, owners, iteration,
// severity) and returns the item as the service has it after.
func (r *Replayer) write(ctx context.Context, j job) (api.Item, error) {
	if j.Op == OpPriority {
		return r.remote.UpdatePriority(ctx, j.WorkspaceID, j.Kind, j.ItemID, j.To, j.User)
	}
	return r.remote.Update(ctx, j.WorkspaceID, j.Kind, j.ItemID, writeFields(j.Edit), j.User)
}

// markSent marks an edit sent: the service confirmed it, or already had it.
func (r *Replayer) markSent(j job, it api.Item, outcome Outcome) (Result, error) {
	result := ""
	if j.Op == OpCreate {
		result = it.ID
	}
	e, err := r.outbox.MarkSent(j.Seq, result)
	if err != nil {
		return Result{Edit: j.Edit, Outcome: outcome, Item: it}, err
	}
	return Result{Edit: e, Outcome: outcome, Item: it}, nil
}

// afterFailure files an edit whose read or write failed, by the kind of failure:
// refused edits fail for good; anything that may pass later stays queued
// (as maybe_applied when a write may have reached the service), with backoff
// when the service is down or busy.
func (r *Replayer) afterFailure(ctx context.Context, j job, cause error, write bool) (Result, error) {
	reason := cause.Error()
	kind := api.KindOf(cause)
	state := StateWaiting
	if j.prev == StateMaybeApplied || write && (api.MaybeApplied(cause) || kind == 0 && ctx.Err() == nil) {
		state = StateMaybeApplied
	}
	switch {
	case kind == api.ErrValidation, kind == api.ErrForbidden, kind == api.ErrNotFound:
		e, err := r.outbox.MarkFailed(j.Seq, reason)
		return Result{Edit: e, Outcome: OutcomeFailed, Err: cause}, err
	case kind == api.ErrCredentials, kind == api.ErrTokenExpired:
		e, err := r.outbox.Requeue(j.Seq, state, r.now(), reason)
		return Result{Edit: e, Outcome: OutcomeQueued, Err: cause}, errors.Join(cause, err)
	case ctx.Err() != nil || kind == api.ErrCanceled:
		e, err := r.outbox.Requeue(j.Seq, state, r.now(), reason)
		if ctxErr := ctx.Err(); ctxErr != nil && !errors.Is(cause, ctxErr) {
			cause = api.Errorf("%w (%w)", ctxErr, cause)
		}
		return Result{Edit: e, Outcome: OutcomeQueued, Err: cause}, errors.Join(cause, err)
	}
	wait := r.backoff.Delay(j.Attempts)
	var ae *api.Error
	if errors.As(cause, &ae) {
		wait = max(wait, ae.RetryAfter)
	}
	next := r.now().Add(wait)
	r.rest(next, cause)
	e, err := r.outbox.Requeue(j.Seq, state, next, reason)
	return Result{Edit: e, Outcome: OutcomeQueued, Err: cause}, err
}
