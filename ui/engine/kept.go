package engine

import (
	"maps"
	"slices"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
)

// Reference data kept between runs (store.Reference): each kind's field
// information, workflow, custom field settings and count, the members and the iterations, each
// with the time it was read. Read within store.ReferenceTTL, it is used
// without a request: a warm start asks only what changed of the kind shown.
// An edit the service refuses has what it depends on read again (refused).

// referenceCache is the cache that keeps reference data (*store.Cache).
type referenceCache interface {
	LoadReference(service, user string, workspaceID int64) (store.Reference, bool, error)
	SaveReference(service, user string, workspaceID int64, ref store.Reference) error
}

// referenceCache is the open cache, when it keeps reference data.
func (g *Engine) referenceCache() (referenceCache, bool) {
	if !g.caching() {
		return nil, false
	}
	rc, ok := g.ctx.Cache.(referenceCache)
	return rc, ok
}

// loadKept reads the open workspace's reference data from the cache (a small
// entry, read at once) and takes what was read within the TTL for the
// pickers; the loads take the field information and counts (keptFields,
// keptCount).
func (g *Engine) loadKept() tea.Cmd {
	g.kept = store.Reference{}
	rc, ok := g.referenceCache()
	if !ok {
		return nil
	}
	ref, found, err := rc.LoadReference(g.ctx.ServiceURL, g.ctx.User, g.ws)
	if err != nil {
		return g.report(err)
	}
	if !found {
		return nil
	}
	g.kept = ref
	now := g.ctx.Clock()
	for _, k := range api.Kinds {
		if w := ref.Workflows[k]; w.Fresh(now) {
			g.ref.moves[k], g.ref.names[k], g.ref.movesRead[k] = w.Value.Moves, maps.Clone(w.Value.Names), true
		}
		if c := ref.Custom[k]; c.Fresh(now) {
			g.ref.custom.fields[k], g.ref.custom.read[k] = c.Value, true
		}
	}
	if ref.Members.Fresh(now) {
		g.ref.members, g.ref.peopleRead = ref.Members.Value, true
	}
	if ref.Iterations.Fresh(now) {
		g.ref.iterations, g.ref.itersRead = ref.Iterations.Value, true
	}
	return nil
}

// keptFields is kind k's field information when it was read within the TTL.
func (g *Engine) keptFields(k api.Kind) (api.FieldInfo, bool) {
	d := g.kept.Fields[k]
	return d.Value, d.Fresh(g.ctx.Clock()) && d.Value != nil
}

// keptCount is how many items kind k had when last counted within the TTL.
func (g *Engine) keptCount(k api.Kind) (int, bool) {
	d := g.kept.Counts[k]
	return d.Value, d.Fresh(g.ctx.Clock())
}

// keptSaves orders the saves of what is kept: they run in goroutines of
// their own, and one that would write an older state of a workspace than
// the last written is dropped.
type keptSaves struct {
	mu      sync.Mutex
	made    uint64           // saves asked (the Update goroutine's)
	written map[int64]uint64 // workspace → the latest save written (under mu)
}

// keep records reference data just read, and saves it.
func (g *Engine) keep(record func(ref *store.Reference, now time.Time)) tea.Cmd {
	rc, ok := g.referenceCache()
	if !ok {
		return nil
	}
	record(&g.kept, g.ctx.Clock())
	ref := g.kept
	ref.Fields, ref.Workflows, ref.Counts, ref.Finals = maps.Clone(ref.Fields), maps.Clone(ref.Workflows), maps.Clone(ref.Counts), maps.Clone(ref.Finals)
	ref.Custom = maps.Clone(ref.Custom)
	saves := g.keptSaves
	saves.made++
	seq, svc, user, ws := saves.made, g.ctx.ServiceURL, g.ctx.User, g.ws
	return g.ctx.Tasks.Run(CacheTask(), func() tea.Msg {
		saves.mu.Lock()
		defer saves.mu.Unlock()
		if seq < saves.written[ws] {
			return cacheSavedMsg{}
		}
		saves.written[ws] = seq
		return cacheSavedMsg{err: rc.SaveReference(svc, user, ws, ref)}
	})
}

// keepFields records kind k's field information, read now.
func (g *Engine) keepFields(k api.Kind, fi api.FieldInfo) tea.Cmd {
	return g.keep(func(ref *store.Reference, now time.Time) {
		ref.Fields = setDated(ref.Fields, k, fi, now)
	})
}

// keepCustomFields records kind k's enabled custom fields, read now.
func (g *Engine) keepCustomFields(k api.Kind, fields []api.CustomField) tea.Cmd {
	return g.keep(func(ref *store.Reference, now time.Time) {
		ref.Custom = setDated(ref.Custom, k, fields, now)
	})
}

// keepCount records how many items kind k has, counted now.
func (g *Engine) keepCount(k api.Kind, n int) tea.Cmd {
	return g.keep(func(ref *store.Reference, now time.Time) {
		ref.Counts = setDated(ref.Counts, k, n, now)
	})
}

// keepWorkflow records kind k's workflow as the engine knows it; fresh
// says its default workflow was read now (a story type's steps added to
// it leave the time it was read).
func (g *Engine) keepWorkflow(k api.Kind, fresh bool) tea.Cmd {
	return g.keep(func(ref *store.Reference, now time.Time) {
		if !fresh {
			now = ref.Workflows[k].Read
		}
		w := store.Workflow{Moves: slices.Clone(g.ref.moves[k]), Names: maps.Clone(g.ref.names[k])}
		ref.Workflows = setDated(ref.Workflows, k, w, now)
	})
}

// KeptWorkspaces are the user's workspaces as read within the TTL, kept
// with the open workspace's reference data: the root names the workspace
// open without asking.
func (g *Engine) KeptWorkspaces() ([]api.Workspace, bool) {
	d := g.kept.Workspaces
	return d.Value, d.Fresh(g.ctx.Clock()) && len(d.Value) > 0
}

// KeepWorkspaces records the user's workspaces, read now.
func (g *Engine) KeepWorkspaces(spaces []api.Workspace) tea.Cmd {
	return g.keep(func(ref *store.Reference, now time.Time) {
		ref.Workspaces = store.Dated[[]api.Workspace]{Value: spaces, Read: now}
	})
}

// keepPeople records the members, read now.
func (g *Engine) keepPeople() tea.Cmd {
	return g.keep(func(ref *store.Reference, now time.Time) {
		ref.Members = store.Dated[[]api.Member]{Value: g.ref.members, Read: now}
	})
}

// keepIterations records the iterations, read now.
func (g *Engine) keepIterations() tea.Cmd {
	return g.keep(func(ref *store.Reference, now time.Time) {
		ref.Iterations = store.Dated[[]api.Iteration]{Value: g.ref.iterations, Read: now}
	})
}

// setDated sets m[k] to v read at now, making m when nil.
func setDated[T any](m map[api.Kind]store.Dated[T], k api.Kind, v T, now time.Time) map[api.Kind]store.Dated[T] {
	if m == nil {
		m = map[api.Kind]store.Dated[T]{}
	}
	m[k] = store.Dated[T]{Value: v, Read: now}
	return m
}
