package engine

import (
	tea "charm.land/bubbletea/v2"

	"triage/store"
)

// u pressed while the last change is still on its way (the board gathers
// quick moves for up to a second before it sends them) is kept, and done as
// soon as the outbox answered it: a person who undoes at once does not
// have to press u again. A change waiting for the service is undone as any
// (its undo waits behind it); one the service did not take (a conflict, a
// refusal) is not: the status line says so.

// answered reports whether the outbox answered every edit of the step.
func (s *step) answered() bool {
	for _, si := range s.items {
		if !si.answered {
			return false
		}
	}
	return true
}

// edits are the edits of the step, as the outbox holds them.
func (s *step) edits() []store.Edit {
	out := make([]store.Edit, 0, len(s.items))
	for _, si := range s.items {
		out = append(out, si.edit)
	}
	return out
}

// undoNowSaved undoes the step u asked for once the outbox answered all of
// it, unless the service refused an edit of it; nil while it waits.
func (g *Engine) undoNowSaved() tea.Cmd {
	s := g.undoLater
	if s == nil || !s.answered() {
		return nil
	}
	g.undoLater = nil
	for _, si := range s.items {
		switch si.edit.State {
		case store.StateConflict, store.StateFailed, store.StateDiscarded:
			return note("%s was not saved, so u undid nothing (U says why)", Target(si.edit))
		}
	}
	for i, live := range g.steps {
		if live == s {
			return g.undo(i)
		}
	}
	return nil
}
