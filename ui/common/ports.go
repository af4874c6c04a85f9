package common

import (
	"context"
	"time"

	"triage/api"
	"triage/store"
)

// Edits is the way every edit takes to the service: a durable outbox and the
// sender of its edits (main: store.Outbox and store.Replayer over the API
// client). An edit is added before it is sent, and leaves the outbox only
// once the service confirmed it. Views use it through this port so that they
// are tested with fakes or a real outbox over a fake service.
type Edits interface {
	// Add queues an edit; it is on disk when Add returns.
	Add(e store.Edit) (store.Edit, error)
	// Send sends one queued edit now, or leaves it queued (see store.Replayer.Send).
	Send(ctx context.Context, e store.Edit) (store.Result, error)
	// SendAll sends queued edits in order, reading their items in one
	// request (see store.Replayer.SendAll).
	SendAll(ctx context.Context, edits []store.Edit) ([]store.Result, error)
	// Flush sends every due pending edit of user.
	Flush(ctx context.Context, user string) ([]store.Result, error)
	// NextFlush is how long until the next pending edit of user is due;
	// false when none waits (conflicts wait for the user).
	NextFlush(user string) (time.Duration, bool, error)
	// Pending lists the pending edits of user, oldest first.
	Pending(user string) ([]store.Edit, error)
	// History lists the edits of a session, pending and done, oldest first.
	History(session string) ([]store.Edit, error)
	// LastUndoable is the newest priority edit of a session that can be undone.
	LastUndoable(session string) (store.Edit, bool, error)
	// KeepMine and TakeTheirs resolve a conflict.
	KeepMine(seq uint64) (store.Edit, error)
	TakeTheirs(seq uint64) (store.Edit, error)
}

// Cache keeps the last items and field information of each kind of a
// workspace, per service and user, so a board is drawn at once on the next
// start; *store.Cache satisfies it. It is disposable: an error is shown and
// treated as a miss.
type Cache interface {
	Load(service, user string, workspaceID int64, kind api.Kind) (store.Snapshot, bool, error)
	Save(service, user string, workspaceID int64, kind api.Kind, snap store.Snapshot) error
}
