package store

import (
	"context"
	"time"

	"triage/api"
)

// createSkew widens the search for an applied create, for a service clock
// behind the local one.
const createSkew = 10 * time.Minute

// create sends a create, after making sure an earlier attempt did not
// already make the item.
func (r *Replayer) create(ctx context.Context, j job) (Result, error) {
	if j.replay {
		it, found, err := r.remote.FindCreated(ctx, j.WorkspaceID, j.Kind, j.Title, j.User, j.CreatedAt.Add(-createSkew))
		if err != nil {
			return r.afterFailure(ctx, j, err, false)
		}
		if found {
			taken, err := r.outbox.resultTaken(OpCreate, j.Kind, it.ID, j.Seq)
			if err != nil {
				return Result{Edit: j.Edit}, err
			}
			if !taken {
				return r.markSent(j, it, OutcomeApplied)
			}
		}
	}
	it, err := r.remote.Create(ctx, api.NewItem{
		Kind: j.Kind, WorkspaceID: j.WorkspaceID, Title: j.Title,
		PriorityLabel: j.To, Creator: j.User, Fields: j.Fields,
	})
	if err != nil {
		return r.afterFailure(ctx, j, err, true)
	}
	return r.markSent(j, it, OutcomeSent)
}
