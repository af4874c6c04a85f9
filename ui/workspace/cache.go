package workspace

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
)

// SaveDelay gathers the confirmed edits of a moment into one save of the
// cached board.
const SaveDelay = 2 * time.Second

// CacheTask names the saving of the board to the cache, for the status line.
const CacheTask = "caching the board"

// saveTickMsg is the time to save a kind's board in the cache.
type saveTickMsg struct {
	kind api.Kind
	gen  uint64
}

// cacheSavedMsg is the cache's answer to a save.
type cacheSavedMsg struct{ err error }

// CachedMsg carries the cached board of a kind, read for the load of
// generation Gen (a view's own count); OK is false when none is cached.
type CachedMsg struct {
	Gen  uint64
	Kind api.Kind
	Snap store.Snapshot
	OK   bool
	Err  error
}

// ReadCache reads the cached board of kind k of the open workspace, once
// per kind and workspace: false when there is no cache, or it was read.
func (g *Engine) ReadCache(gen uint64, k api.Kind) (tea.Cmd, bool) {
	if !g.Caching() || g.cacheRead[k] {
		return nil, false
	}
	g.cacheRead[k] = true
	cache, svc, user, ws := g.ctx.Cache, g.ctx.ServiceURL, g.ctx.User, g.ws
	return g.ctx.Tasks.Run("reading the cached "+k.Path(), func() tea.Msg {
		snap, ok, err := cache.Load(svc, user, ws, k)
		return CachedMsg{Gen: gen, Kind: k, Snap: snap, OK: ok, Err: err}
	}), true
}

// SaveDueMsg asks the view that holds a kind's board for it, to cache it
// (Save): the edits of the moment are confirmed.
type SaveDueMsg struct{ Kind api.Kind }

// saveSoon saves a kind's board once the edits of the moment are confirmed.
func (g *Engine) saveSoon(k api.Kind) tea.Cmd {
	if g.ctx.Cache == nil {
		return nil
	}
	g.saveGen[k]++
	return g.After(SaveDelay, saveTickMsg{kind: k, gen: g.saveGen[k]})
}

// onSaveTick asks for the board to save, unless a later confirmation set a
// later time.
func (g *Engine) onSaveTick(msg saveTickMsg) tea.Cmd {
	if msg.gen != g.saveGen[msg.kind] {
		return nil
	}
	return common.Cmd(SaveDueMsg{Kind: msg.kind})
}

// Caching reports whether boards are cached in this run (a cache is open
// and a user logged in): without, a view takes no snapshot for Save.
func (g *Engine) Caching() bool { return g.ctx.Cache != nil && g.ctx.User != "" }

// Save writes a kind's board of the open workspace to the cache, as the
// service holds it (the edits not yet confirmed left out), encoded by the
// view where its items are safe to read (store.Encode), so that the write
// needs no copy of them.
func (g *Engine) Save(k api.Kind, snap store.Encoded) tea.Cmd {
	if !g.Caching() {
		return nil
	}
	cache, svc, user, ws := g.ctx.Cache, g.ctx.ServiceURL, g.ctx.User, g.ws
	return g.ctx.Tasks.Run(CacheTask, func() tea.Msg {
		return cacheSavedMsg{err: cache.SaveEncoded(svc, user, ws, k, snap)}
	})
}

// onCacheSaved reports a failed save once: the cache is only a help. A save
// that works again takes the error away, and the next failure is reported.
func (g *Engine) onCacheSaved(msg cacheSavedMsg) tea.Cmd {
	if msg.err == nil {
		if !g.cacheWarned {
			return nil
		}
		g.cacheWarned = false
		if g.lastErrTask == CacheTask {
			g.lastErr, g.lastErrTask = nil, ""
		}
		return common.Succeeded(CacheTask)
	}
	if g.cacheWarned {
		return nil
	}
	g.cacheWarned = true
	err := fmt.Errorf("the board could not be cached for the next start: %w", msg.err)
	g.lastErr, g.lastErrTask = err, CacheTask
	return common.Cmd(common.StatusMsg{Err: err, Task: CacheTask})
}
