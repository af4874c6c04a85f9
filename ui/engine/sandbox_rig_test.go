package engine

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/store"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// The rig the engine's tests share beside sandboxtest's service and
// client: the context an engine runs in, the engine opened on a workspace
// and a cache, each test setting what it measures in between.

// demoContext is the context of an engine over client on srv as the demo
// user, at 80×24, without edits, cache or clock of its own yet.
func demoContext(srv *sandbox.Running, client *api.Client) *common.Context {
	ctx := uitest.Context(client, uitest.Theme{Dark: true}, 80, 24)
	ctx.Base, ctx.ServiceURL, ctx.User = context.Background(), srv.URL, "demo"
	return ctx
}

// openedRig is an engine of ctx whose timers never fire, opened on
// workspace ws as the board opens it.
func openedRig(t *testing.T, ctx *common.Context, ws int64) *rig {
	t.Helper()
	g := New(ctx)
	g.After = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	r := &rig{t: t, g: g}
	r.run(g.Open(ws))
	return r
}

// tempCache is a cache file of the test's own, closed when it ends.
func tempCache(t testing.TB) *store.Cache {
	t.Helper()
	cache, err := store.OpenCache(filepath.Join(t.TempDir(), store.CacheFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cache.Close() })
	return cache
}
