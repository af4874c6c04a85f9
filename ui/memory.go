package ui

import (
	"triage/store"
)

// The board as it was last shown in each workspace comes back at start:
// the root asks the board how it is shown when it leaves a workspace (and
// main asks at exit), and gives it back when the workspace opens again.

// rememberingBoard is a board that can say how it is shown and show itself
// that way again (*board.Model).
type rememberingBoard interface {
	State() store.ViewState
	Restore(store.ViewState)
}

// restoreBoard gives the board how it was last shown in workspace id, and
// keeps how it shows the workspace it leaves.
func (m *Model) restoreBoard(id int64) {
	rb, ok := m.board.(rememberingBoard)
	if !ok {
		return
	}
	if prev := m.ctx.WorkspaceID; prev != 0 && prev != id && m.opts.SaveViewState != nil {
		m.opts.SaveViewState(prev, rb.State())
	}
	if m.opts.ViewState != nil {
		if st, ok := m.opts.ViewState(id); ok {
			rb.Restore(st)
		}
	}
}

// SaveViewState keeps how the board shows its workspace, for the next
// start; main calls it when the program has ended.
func (m *Model) SaveViewState() {
	rb, ok := m.board.(rememberingBoard)
	if !ok || m.ctx.WorkspaceID == 0 || m.opts.SaveViewState == nil {
		return
	}
	m.opts.SaveViewState(m.ctx.WorkspaceID, rb.State())
}
