package engine

import (
	"testing"

	"triage/api"
	"triage/ui/internal/uitest"
)

// TestKeptSavesKeepTheLatest: the saves of reference data run each in a
// goroutine of its own; one that ends after a later one does not write its
// older state over it, and a save of another workspace is not taken for a
// later one.
func TestKeptSavesKeepTheLatest(t *testing.T) {
	cache := tempCache(t)
	ctx := uitest.Context(uitest.NewService(), uitest.Theme{Dark: true}, 80, 24)
	ctx.Cache, ctx.User = cache, "demo"
	r := openedRig(t, ctx, 10022001)
	g := r.g
	older, newer := g.keepCount(api.Bug, 1), g.keepCount(api.Bug, 2)
	r.run(g.Open(10022002))
	other := g.keepCount(api.Bug, 7)
	r.run(other)
	r.run(newer)
	r.run(older)
	for ws, want := range map[int64]int{10022001: 2, 10022002: 7} {
		ref, found, err := cache.LoadReference(ctx.ServiceURL, "demo", ws)
		if got := ref.Counts[api.Bug]; err != nil || !found || got.Value != want {
			t.Errorf("workspace %d keeps %d bugs (found %v, %v); want %d, the latest count", ws, got.Value, found, err, want)
		}
	}
}
