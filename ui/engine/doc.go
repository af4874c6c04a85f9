// Package workspace is the engine of the open workspace: the user's edits on
// their way to the service, with no drawing. Views send it intents (Apply,
// Undo, Redo, Resolve, Create, and the messages of the editor, the queue and
// the U view); it stages each edit over the item at once (the card moves),
// queues it in the outbox before anything is sent, sends it with a read of the
// item just before the write, and tells the views what changed in one
// message, ChangedMsg, given to the watching view (Watch) within the Update
// that changed it.
//
// The edit model: an edit is (item, field, the value the user saw, the new
// value), stored durably in the outbox (store.Edit). A newer edit of a field
// replaces the older one on the card; the older still goes to the service
// first. The conflict check compares the field the edit writes: someone
// else's change of it meanwhile is a conflict, nothing is written, and the
// views ask keep mine or take theirs (Resolve).
//
// One user action is one step: a key, a confirmed bulk edit, an editor save
// (all its fields), a queue answer. Undo undoes the last step of the session
// whatever fields it wrote (a bulk step as one bulk, each item still
// conflict-checked); Redo applies again the step Undo undid; UndoStep undoes
// an older step from the U view.
//
// The edits waiting for the service are flushed when the next is due (with
// backoff), at start for the edits an earlier run left, and after a new login.
//
// The engine holds each kind's items and their sync point (Items): Load
// lists a kind whole (load.go), page by page, or refreshes it by delta when
// it has a sync point (refresh.go); the cached board is read once per kind
// and shown while the service answers, and saved after a load and a moment
// after confirmed edits (cache.go). The edits on their way are laid over
// every item taken from the service, so they stay on their cards. A view
// keeps its own indexes over the items (Index), told of each item appended
// or changed; ChangedMsg tells it what a load did (Loaded). Every piece of
// async work runs through the task registry (common.Tasks.Run).
//
// Wiring: the root makes one engine (New), opens it on a workspace (Open)
// before the board shows it, and gives it every message first (Update).
package engine
