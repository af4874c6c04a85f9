package common

import (
	"context"
	"time"

	"triage/api"
	"triage/store"
)

// The ports of the outbox (main: store.Sender over the API client). Each
// user of the outbox takes the small port it needs, so that it is tested
// with fakes or a real outbox over a fake service alike.

// EditQueue queues an edit; it is on disk when Add returns, and leaves the
// outbox only once the service confirmed it.
type EditQueue interface {
	Add(e store.Edit) (store.Edit, error)
}

// EditSender sends the edits of the outbox to the service.
type EditSender interface {
	// SendAll sends queued edits in order, reading their items in one
	// request (see store.Replayer.SendAll).
	SendAll(ctx context.Context, edits []store.Edit) ([]store.Result, error)
	// Flush sends every due pending edit of user.
	Flush(ctx context.Context, user string) ([]store.Result, error)
	// NextFlush is how long until the next pending edit of user is due;
	// false when none waits (conflicts wait for the user).
	NextFlush(user string) (time.Duration, bool, error)
	// Resting says how long the sender holds user's edits back and why
	// ("the service asked to wait"); false when it does not.
	Resting(user string) (time.Duration, string, bool)
}

// EditLog reads the outbox: what waits, and what a session did.
type EditLog interface {
	// Pending lists the pending edits of user, oldest first.
	Pending(user string) ([]store.Edit, error)
	// History lists the edits of a session, pending and done, oldest first.
	History(session string) ([]store.Edit, error)
}

// ConflictResolver answers an edit in conflict: keep mine, or take theirs.
type ConflictResolver interface {
	KeepMine(seq uint64) (store.Edit, error)
	TakeTheirs(seq uint64) (store.Edit, error)
}

// Edits is the whole outbox, as main gives it: the sum of its ports.
type Edits interface {
	EditQueue
	EditSender
	EditLog
	ConflictResolver
}

// Cache keeps the last items and field information of each kind of a
// workspace, per service and user, so a board is drawn at once on the next
// start; *store.Cache satisfies it. It is disposable: an error is shown and
// treated as a miss.
type Cache interface {
	Load(service, user string, workspaceID int64, kind api.Kind) (store.Snapshot, bool, error)
	SaveEncoded(service, user string, workspaceID int64, kind api.Kind, snap store.Encoded) error
}
