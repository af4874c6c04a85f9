package store

import (
	"context"
	"time"

	"triage/api"
)

// CommentRemote is what the Replayer needs of the service to send comments;
// *api.Client implements it. A Remote without it refuses comment edits.
type CommentRemote interface {
	AddComment(ctx context.Context, n api.NewComment) (api.Comment, error)
	// FindComment looks for a comment of author on an item with this text,
	// written at or after after.
	FindComment(ctx context.Context, workspaceID int64, kind api.Kind, itemID, author, text string, after time.Time) (api.Comment, bool, error)
}

// noComments is the refusal of a comment by a remote that cannot add one.
func noComments() error {
	return &api.Error{Kind: api.ErrValidation, Op: "comment", Info: "this service takes no comments"}
}

// comment sends a comment: an append, so nothing is compared first. One
// that may have reached the service already (a send that failed midway, an
// earlier run's, a retry) is looked for first, and not sent again when
// found: a comment is never doubled, after a kill -9 included. The comment's
// id is kept as the edit's result, so that two equal comments are not taken
// for one.
func (r *Replayer) comment(ctx context.Context, j job) (Result, error) {
	cr, ok := r.remote.(CommentRemote)
	if !ok {
		return r.afterFailure(ctx, j, noComments(), false)
	}
	if j.replay {
		c, found, err := cr.FindComment(ctx, j.WorkspaceID, j.Kind, j.ItemID, j.User, j.To, j.CreatedAt.Add(-createSkew))
		if err != nil {
			return r.afterFailure(ctx, j, err, false)
		}
		if found {
			taken, err := r.outbox.resultTaken(OpComment, j.Kind, c.ID, j.Seq)
			if err != nil {
				return Result{Edit: j.Edit}, err
			}
			if !taken {
				return r.commented(j, c.ID, OutcomeApplied)
			}
		}
	}
	c, err := cr.AddComment(ctx, api.NewComment{WorkspaceID: j.WorkspaceID, Kind: j.Kind, ItemID: j.ItemID, Author: j.User, Text: j.To})
	if err != nil {
		return r.afterFailure(ctx, j, err, true)
	}
	return r.commented(j, c.ID, OutcomeSent)
}

// commented marks a comment sent, with the id the service gave it.
func (r *Replayer) commented(j job, commentID string, outcome Outcome) (Result, error) {
	e, err := r.outbox.MarkSent(j.Seq, commentID)
	if err != nil {
		return Result{Edit: j.Edit, Outcome: outcome}, err
	}
	return Result{Edit: e, Outcome: outcome}, nil
}
