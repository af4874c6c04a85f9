package engine

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/i18n"
)

// SaveDelay gathers the confirmed edits of a moment into one save of the
// cached board.
const SaveDelay = 2 * time.Second

// CacheTask names the saving of the board to the cache, for the status line.
func CacheTask() string { return i18n.T("caching the board") }

// saveTickMsg is the time to save a kind's board in the cache.
type saveTickMsg struct {
	kind api.Kind
	gen  uint64
}

// cacheSavedMsg is the cache's answer to a save.
type cacheSavedMsg struct{ err error }

// CachedMsg carries the cached board of a kind, read for the load of
// generation Gen; OK is false when none is cached.
type CachedMsg struct {
	Gen  uint64
	Kind api.Kind
	Snap store.Snapshot
	OK   bool
	Err  error
}

// readCache reads the cached board of kind k of the open workspace, once
// per kind and workspace: false when there is no cache, or it was read.
func (g *Engine) readCache(gen uint64, k api.Kind) (tea.Cmd, bool) {
	if !g.caching() || g.cacheRead[k] {
		return nil, false
	}
	g.cacheRead[k] = true
	cache, svc, user, ws := g.ctx.Cache, g.ctx.ServiceURL, g.ctx.User, g.ws
	return g.ctx.Tasks.Run(i18n.Tf("reading the cached %s", kindWord(k)), func() tea.Msg {
		snap, ok, err := cache.Load(svc, user, ws, k)
		return CachedMsg{Gen: gen, Kind: k, Snap: snap, OK: ok, Err: err}
	}), true
}

// onCache shows the cached board while the load runs, and refreshes it by
// delta when it has a sync point (a warm start: counted only when the last
// count is older than the TTL, see refresh); without one, the load fills the
// items shown as its pages come.
func (g *Engine) onCache(msg CachedMsg) tea.Cmd {
	l := &g.loads[msg.Kind]
	if msg.Gen != l.gen || !l.cacheWait {
		return nil
	}
	l.cacheWait = false
	g.KnowMoves(msg.Kind, msg.Snap.Transitions)
	list := l.deferred
	l.deferred = nil
	var cmd tea.Cmd
	if msg.Err != nil {
		cmd = g.report(msg.Err)
	}
	if msg.OK && msg.Snap.Listed != nil {
		if resumed, ok := g.resume(msg.Kind, msg.Snap); ok {
			return tea.Batch(cmd, resumed)
		}
	}
	if !msg.OK || len(msg.Snap.Items) == 0 || msg.Snap.Listed != nil {
		l.onScreen = true
		l.part.keep()
		g.sets[msg.Kind] = l.fresh
		return tea.Batch(cmd, g.loaded(Loaded{Kind: msg.Kind, Reset: true}), list)
	}
	s := itemsFromSnapshot(msg.Kind, msg.Snap)
	g.SetFields(msg.Kind, msg.Snap.Fields)
	g.overlay(s)
	g.sets[msg.Kind] = s
	shown := g.loaded(Loaded{Kind: msg.Kind, Reset: true})
	if s.Synced != "" {
		if !g.ref.custom.read[msg.Kind] {
			g.ref.custom.asked[msg.Kind] = false // the list dropped asked them; the delta reads them instead
		}
		return tea.Batch(cmd, shown, g.refreshWithCustomFields(msg.Kind, false))
	}
	return tea.Batch(cmd, shown, list)
}

// saveSoon saves a kind's board once the edits of the moment are confirmed.
func (g *Engine) saveSoon(k api.Kind) tea.Cmd {
	if g.ctx.Cache == nil {
		return nil
	}
	g.saveGen[k]++
	return g.After(SaveDelay, saveTickMsg{kind: k, gen: g.saveGen[k]})
}

// onSaveTick saves the board, unless a later confirmation set a later time.
func (g *Engine) onSaveTick(msg saveTickMsg) tea.Cmd {
	if msg.gen != g.saveGen[msg.kind] {
		return nil
	}
	return g.save(msg.kind)
}

// caching reports whether boards are cached in this run (a cache is open
// and a user logged in): without, no snapshot is taken.
func (g *Engine) caching() bool { return g.ctx.Cache != nil && g.ctx.User != "" }

// save writes a kind's board of the open workspace to the cache, as the
// service holds it (the edits not yet confirmed left out), encoded here,
// where the items are safe to read (store.Encode), so that the write needs
// no copy of them.
func (g *Engine) save(k api.Kind) tea.Cmd {
	if !g.caching() {
		return nil
	}
	snap, ok, err := g.snapshot(k)
	if err != nil {
		return g.report(fmt.Errorf(i18n.T("the board of %s could not be cached: %w"), kindWord(k), err))
	}
	if !ok {
		return nil
	}
	cache, svc, user, ws := g.ctx.Cache, g.ctx.ServiceURL, g.ctx.User, g.ws
	partSaving := g.loads[k].part.saving
	return g.ctx.Tasks.Run(CacheTask(), func() tea.Msg {
		waitFor(partSaving) // the pages of the load kept last must not land after the whole board
		return cacheSavedMsg{err: cache.SaveEncoded(svc, user, ws, k, snap)}
	})
}

// snapshot is a kind's board as the service holds it (edits not yet
// confirmed left out), in the service's order, encoded for the cache.
func (g *Engine) snapshot(k api.Kind) (store.Encoded, bool, error) {
	s := g.sets[k]
	if !s.Complete || len(s.List) == 0 {
		return store.Encoded{}, false, nil
	}
	order := s.serviceOrder()
	items := func(yield func(*api.Item) bool) {
		var base api.Item // one item, not one a card: yield reads it before the next
		for _, i := range order {
			it := &s.List[i]
			if IsLocalID(it.ID) {
				continue // not created yet: the cache holds the service's items
			}
			if b, ok := g.Base(k, it.ID); ok {
				base = b
				it = &base
			}
			if !yield(it) {
				return
			}
		}
	}
	e, err := store.Encode(items, s.Fields, g.ctx.Clock(), s.Synced, g.KnownMoves(k))
	return e, err == nil, err
}

// onCacheSaved reports a failed save once: the cache is only a help. A save
// that works again takes the error away, and the next failure is reported.
func (g *Engine) onCacheSaved(msg cacheSavedMsg) tea.Cmd {
	if msg.err == nil {
		if !g.cacheWarned {
			return nil
		}
		g.cacheWarned = false
		return g.succeeded(CacheTask())
	}
	if g.cacheWarned {
		return nil
	}
	g.cacheWarned = true
	return g.reportTask(CacheTask(), fmt.Errorf(i18n.T("the board could not be cached for the next start: %w"), msg.err))
}
