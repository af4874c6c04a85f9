package engine

import (
	"slices"

	"triage/store"
)

// An edit the user dropped for the other change (take theirs) never
// changed the item: u does not put back what it did not do. A step left
// with nothing else to undo leaves the steps, so that u undoes the one
// before it; in a bulk step the other items' changes are still undone.

// discarded takes an edit dropped for the other change out of what u undoes.
func (g *Engine) discarded(e store.Edit) {
	if e.Seq == 0 {
		return
	}
	for i, s := range g.steps {
		found, left := false, false
		for _, si := range s.items {
			if si.edit.Seq == e.Seq {
				si.edit, found = e, true
			}
			left = left || si.edit.Seq != 0 && si.edit.State != store.StateDiscarded
		}
		if found {
			if !left {
				g.steps = slices.Delete(g.steps, i, i+1)
			}
			return
		}
	}
}
