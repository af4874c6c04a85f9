package engine

import (
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
)

// overlay lays the edits not yet confirmed over the items of a set just
// built from the service or the cache, whose items become their base.
func (g *Engine) overlay(s *Items) {
	if !g.Editing() {
		return
	}
	for i := range s.List {
		if it, ok := g.Lay(s.Kind, s.List[i]); ok {
			s.Set(int32(i), it)
		}
	}
}

// swapIn shows a kind's items loaded whole in place of those shown (cached
// or older), and tells the views, with the items someone else changed
// meanwhile.
func (g *Engine) swapIn(k api.Kind, fresh *Items) tea.Cmd {
	old := g.sets[k]
	changed := store.ChangedSince(old.List, fresh.List)
	g.notEdited(k, changed)
	g.overlay(fresh)
	g.sets[k] = fresh
	shown := g.loaded(Loaded{Kind: k, Reset: true, Refreshed: true, Since: changed})
	if len(changed) == 0 || len(old.List) == 0 {
		return shown
	}
	return tea.Batch(shown, g.refreshed(k, len(changed), !old.CachedAt.IsZero()))
}
