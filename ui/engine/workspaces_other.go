package engine

import (
	"strconv"

	"triage/api"
)

// Edits of the items of other workspaces than the one open ("my work"
// across workspaces) take the same path as the board's: the same outbox,
// read before write and undo. An edit goes to its item's workspace
// (api.Item.WorkspaceID), never to the open one's by default: an item that
// does not say its workspace is the open workspace's.

// SetWorkspaceNames tells the engine the names of the user's workspaces,
// which the edits of their items carry (`triage log` shows them).
func (g *Engine) SetWorkspaceNames(names map[int64]string) { g.names = names }

// workspaceOf is the workspace an edit of it goes to, and its name.
func (g *Engine) workspaceOf(it api.Item) (int64, string) {
	ws, err := strconv.ParseInt(it.WorkspaceID, 10, 64)
	if err != nil || ws == 0 || ws == g.ws {
		return g.ws, string(g.ctx.Workspace.Name)
	}
	return ws, g.names[ws]
}

// Over is an item of any workspace as its card shows it now: with the
// user's changes on their way laid over it, and where the latest stands;
// ok is false when none is.
func (g *Engine) Over(kind api.Kind, it api.Item) (api.Item, State, bool) {
	e, ok := g.find(kind, it.ID)
	if !ok {
		return it, Pending, false
	}
	base := it
	if e.known {
		base = e.base
	}
	return e.apply(base), e.state(), true
}

// Watching is the view told what changes (Watch), nil when none: a view
// over the board tells it on (the board keeps its cards right) and hands
// the watch back when it closes.
func (g *Engine) Watching() Watcher { return g.watcher }
