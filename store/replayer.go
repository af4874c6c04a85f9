package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"triage/api"
)

// Remote is what the Replayer needs of the service; an adapter over
// api.Client implements it. Errors are api errors (api.KindOf, api.MaybeApplied).
type Remote interface {
	// Get reads one item (a list by id); a missing item is an error of kind
	// api.ErrNotFound.
	Get(ctx context.Context, workspaceID int64, kind api.Kind, id string) (api.Item, error)
	// GetMany reads items of one kind in one request (a list by ids); the
	// answer leaves out the ids the service does not have.
	GetMany(ctx context.Context, workspaceID int64, kind api.Kind, ids []string) ([]api.Item, error)
	UpdatePriority(ctx context.Context, workspaceID int64, kind api.Kind, id, label, currentUser string) (api.Item, error)
	Update(ctx context.Context, workspaceID int64, kind api.Kind, id string, fields map[string]string, currentUser string) (api.Item, error)
	Create(ctx context.Context, n api.NewItem) (api.Item, error)
	// FindCreated looks for the newest item of a kind with this title, made
	// by creator at or after after: was a create applied?
	FindCreated(ctx context.Context, workspaceID int64, kind api.Kind, title, creator string, after time.Time) (api.Item, bool, error)
}

// Outcome is what became of an edit the Replayer handled.
type Outcome string

// The outcomes of Send and Flush.
const (
	OutcomeSent      Outcome = "sent"      // the service confirmed the write
	OutcomeApplied   Outcome = "applied"   // the service already had it (read first): marked sent without sending
	OutcomeQueued    Outcome = "queued"    // still pending (Edit.State waiting or maybe_applied), retried at Edit.NextAttempt
	OutcomeConflict  Outcome = "conflict"  // changed by someone else meanwhile: the user keeps theirs or mine
	OutcomeFailed    Outcome = "failed"    // refused by the service: in the history with the reason
	OutcomeBusy      Outcome = "busy"      // another call is sending it; its result comes from there
	OutcomeDiscarded Outcome = "discarded" // the user took the other change (only Send of a discarded edit)
)

// outcomeOf describes an edit found in a state it could not be sent from.
func outcomeOf(s EditState) Outcome {
	switch s {
	case StateSending:
		return OutcomeBusy
	case StateConflict:
		return OutcomeConflict
	case StateSent:
		return OutcomeSent
	case StateFailed:
		return OutcomeFailed
	case StateDiscarded:
		return OutcomeDiscarded
	}
	return OutcomeQueued
}

// Result is what became of one edit.
type Result struct {
	Edit    Edit     // the edit after the attempt
	Outcome Outcome  //
	Item    api.Item // the item as the service has it now (sent, applied, conflict); zero otherwise
	Err     error    // why it is queued or failed
}

// ReplayerConfig says whose edits a Replayer sends.
type ReplayerConfig struct {
	Service string  // the service's base URL
	User    string  // the nick whose pending edits are sent
	Session string  // this run (NewSessionID): a create of another run is looked for before it is sent again
	Backoff Backoff // waits between attempts
	// Parallel is how many items SendAll sends at once (at least 1); the
	// client bounds its requests under way in any case.
	Parallel int
	Now      func() time.Time // nil: time.Now
}

// Replayer sends the edits of the outbox to the service, exactly once each:
// an edit is claimed (marked sending, on disk) before it is sent and marked
// sent only once the service confirmed it. A change of an item is written
// only after reading the item (write_path.go); a create that may have been
// applied is looked for before it is sent again. It is safe for concurrent
// use.
type Replayer struct {
	outbox         *Outbox
	remote         Remote
	service, user  string
	session        string
	parallel       int
	backoff        Backoff
	now            func() time.Time
	flushMu        sync.Mutex
	mu             sync.Mutex
	serviceResumes time.Time // no attempt before: the service is down or rate-limiting
	restCause      error     // the failure that set serviceResumes
}

// NewReplayer returns a Replayer of the pending edits of cfg.User on cfg.Service.
func NewReplayer(o *Outbox, r Remote, cfg ReplayerConfig) (*Replayer, error) {
	svc, err := ServiceKey(cfg.Service)
	if err != nil {
		return nil, fmt.Errorf("replayer: %w", err)
	}
	if cfg.User == "" || cfg.Session == "" {
		return nil, errors.New("replayer: a user and a session are required")
	}
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	return &Replayer{outbox: o, remote: r, service: svc, user: cfg.User, session: cfg.Session, parallel: max(cfg.Parallel, 1), backoff: cfg.Backoff, now: now}, nil
}

// Send sends one edit added to the outbox (a fresh edit from the UI, or one
// the user retries): it reads the item first and sends only when the
// service still has what the user saw (see sendEdit). It stays queued when the
// service is resting after a failure or an older edit of the same item is
// still pending. The error is for the caller to act on: the credentials were
// refused (log in again, then Flush), ctx ended, or the outbox could not be
// written.
func (r *Replayer) Send(ctx context.Context, e Edit) (Result, error) {
	results, err := r.SendAll(ctx, []Edit{e})
	if len(results) == 0 {
		return Result{}, err
	}
	return results[0], err
}

// Flush sends every due edit of the user, oldest first. An edit waits while
// an older edit of the same item is pending, and the flush ends early when the
// service is down or rate-limiting. It returns the result of each edit it
// handled; the error is Send's.
func (r *Replayer) Flush(ctx context.Context) ([]Result, error) { return r.flushExcept(ctx, nil) }

// flushExcept is Flush, leaving the edits of skip alone.
func (r *Replayer) flushExcept(ctx context.Context, skip map[uint64]bool) ([]Result, error) {
	r.flushMu.Lock()
	defer r.flushMu.Unlock()
	if _, resting := r.resting(); resting {
		return nil, nil
	}
	pending, mine, _, err := r.sendable()
	if err != nil {
		return nil, err
	}
	due := dueNow(pending, mine, r.now())
	for seq := range skip {
		delete(due, seq)
	}
	var ready []Edit
	for _, e := range pending {
		if due[e.Seq] {
			ready = append(ready, e)
		}
	}
	read := r.readAll(ctx, ready)
	inBatch := r.writeBatches(ctx, firstDue(pending, due), read)
	held := make(map[itemKey]bool) // items with an older edit still pending
	var results []Result
	for _, e := range pending {
		if err := ctx.Err(); err != nil {
			return results, err
		}
		item := e.ItemID // "" for a create: creates do not wait for each other
		if e.Op == OpCreate {
			item = ""
		}
		key := itemKey{e.WorkspaceID, e.Kind, item}
		if item != "" && held[key] {
			continue
		}
		due := due[e.Seq]
		var res Result
		if due {
			if b, ok := inBatch[e.Seq]; ok {
				res, err = b.res, b.err
			} else {
				res, err = r.sendEdit(ctx, e.Seq, read)
			}
			results = append(results, res)
			if err != nil {
				return results, err
			}
		}
		if item != "" && (!due || res.Edit.State.Pending()) {
			held[key] = true
		}
		if _, resting := r.resting(); resting {
			break
		}
	}
	return results, nil
}

// NextFlush is when the next pending edit of the user is due, for scheduling
// Flush; false when none waits (conflicts wait for the user). While another
// process holds edits of the user, a flush is due every heldRecheck, to take
// them up if that process ends.
func (r *Replayer) NextFlush() (time.Time, bool, error) {
	pending, mine, held, err := r.sendable()
	if err != nil {
		return time.Time{}, false, err
	}
	var next time.Time
	for _, e := range pending {
		if mine[e.Seq] && (next.IsZero() || e.NextAttempt.Before(next)) {
			next = e.NextAttempt
		}
	}
	if recheck := r.now().Add(heldRecheck); held && (next.IsZero() || recheck.Before(next)) {
		next = recheck
	}
	if next.IsZero() {
		return time.Time{}, false, nil
	}
	if until, resting := r.resting(); resting && until.After(next) {
		next = until
	}
	return next, true, nil
}

// heldRecheck is how often a flush looks again at the edits another
// process holds.
const heldRecheck = time.Second

// sendable takes up the edits of processes that ended (Outbox.Adopt), then
// lists the user's pending edits, those this process may send (waiting or
// maybe_applied, and its own or free: mine), and whether another live
// process holds any.
func (r *Replayer) sendable() (pending []Edit, mine map[uint64]bool, held bool, err error) {
	if _, err := r.outbox.Adopt(r.service, r.user); err != nil {
		return nil, nil, false, err
	}
	pending, err = r.outbox.Pending(r.service, r.user)
	if err != nil {
		return nil, nil, false, err
	}
	mine = make(map[uint64]bool)
	for _, e := range pending {
		if e.State != StateWaiting && e.State != StateMaybeApplied && e.State != StateSending {
			continue
		}
		switch claimable := r.outbox.MayClaim(e); {
		case !claimable:
			held = true
		case e.State != StateSending:
			mine[e.Seq] = true
		}
	}
	return pending, mine, held, nil
}

// dueNow are the edits of mine due now.
func dueNow(pending []Edit, mine map[uint64]bool, now time.Time) map[uint64]bool {
	due := make(map[uint64]bool)
	for _, e := range pending {
		if mine[e.Seq] && !e.NextAttempt.After(now) {
			due[e.Seq] = true
		}
	}
	return due
}
