package engine

import (
	"maps"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
)

// The final statuses of each kind (Finals: the triage queue leaves those
// items out, the filter's is:open keeps the others) are kept with the
// reference data for a day, so a start within a day does not read them.

// keptFinals is kind k's final statuses when they were read within the TTL.
func (g *Engine) keptFinals(k api.Kind) (map[string]bool, bool) {
	d := g.kept.Finals[k]
	if !d.Fresh(g.ctx.Clock()) || len(d.Value) == 0 {
		return nil, false
	}
	set := make(map[string]bool, len(d.Value))
	for _, code := range d.Value {
		set[code] = true
	}
	return set, true
}

// keepFinals records kind k's final statuses, read now.
func (g *Engine) keepFinals(k api.Kind, set map[string]bool) tea.Cmd {
	codes := slices.Sorted(maps.Keys(set))
	return g.keep(func(ref *store.Reference, now time.Time) {
		ref.Finals = setDated(ref.Finals, k, codes, now)
	})
}
