package engine

import (
	"context"
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/i18n"
)

// loadState is the loading of one kind: every answer carries the generation
// of the request it answers, and only the latest generation is kept. The
// load fills a set of its own (fresh): it is shown as it fills when the
// views have nothing else to show, else it replaces the items shown (cached
// or older) once complete.
type loadState struct {
	gen     uint64
	started bool
	cancel  context.CancelFunc
	task    common.TaskID

	fresh     *Items        // what the load fills
	onScreen  bool          // fresh is the set shown
	cacheWait bool          // the cached board is being read
	fields    api.FieldInfo // of the fresh load

	// deferred starts the list once the cached board is read: a cached
	// board with a sync point is refreshed by delta instead.
	deferred tea.Cmd

	optsDone  bool       // field information arrived (or failed)
	pending   []api.Page // pages that came before the field information
	listing   bool       // pages are still coming
	loaded    int
	total     int
	err       error
	authAsked bool // a new login was asked for this generation

	listCtx context.Context // the context the list runs under (a resumed list starts from onCache)
	pace    loadPace        // how long the rest takes (loadpace.go)
	part    partialLoad     // the pages listed, kept in the cache as they come (resume.go)
}

// busy reports whether the kind is still loading.
func (l *loadState) busy() bool { return l.started && (l.listing || !l.optsDone) }

// Progress is where the loading of a kind stands, for the views to draw.
type Progress struct {
	Started bool // a load of the kind started in this workspace
	Busy    bool // it runs
	Loaded  int  // items listed so far
	Total   int  // items to list (0: not known yet)
	// Left is about how long the rest of the list takes, at the rate
	// budget and the pace so far; 0: not known, or nothing left.
	Left time.Duration
}

// Progress is where the loading of kind k stands.
func (g *Engine) Progress(k api.Kind) Progress {
	l := &g.loads[k]
	p := Progress{Started: l.started, Busy: l.busy(), Loaded: l.loaded, Total: l.total}
	if p.Busy && l.listing {
		p.Left = l.pace.left(g.ctx.Clock(), l.total-l.loaded, g.ctx.Budget)
	}
	return p
}

// Items are the items of kind k as the views show them.
func (g *Engine) Items(k api.Kind) *Items { return g.sets[k] }

// fieldsMsg carries the priority options of a kind.
type fieldsMsg struct {
	gen    uint64
	kind   api.Kind
	fields api.FieldInfo
	kept   bool // from the cache (keptFields), not read now
	err    error
}

// reloadMsg asks for a kind to be loaded again (after a new login).
type reloadMsg struct {
	ws   int64
	kind api.Kind
}

// fetchFields asks for a kind's field information.
func fetchFields(ctx context.Context, svc common.Service, gen uint64, ws int64, kind api.Kind) tea.Cmd {
	return func() tea.Msg {
		fi, err := svc.FieldInfo(ctx, ws, kind)
		if err != nil {
			return fieldsMsg{gen: gen, kind: kind, err: fmt.Errorf(i18n.T("priorities of %s: %w"), kindWord(kind), err)}
		}
		return fieldsMsg{gen: gen, kind: kind, fields: fi}
	}
}

// Load starts (again) loading kind k: by delta when the items shown are
// complete and have a sync point (see refresh.go), counted to notice the
// items deleted, else by a whole list.
func (g *Engine) Load(k api.Kind) tea.Cmd {
	if s := g.sets[k]; s.Complete && s.Synced != "" && len(s.List) > 0 {
		return g.refreshWithCustomFields(k, true)
	}
	return g.loadAll(k)
}

// loadAll starts (again) loading kind k whole: its field information and its
// items. Whatever an earlier load of k still sends is dropped. The items
// shown stay until the load is complete; with nothing shown, the cached
// board is read first: shown meanwhile, and refreshed by delta when it has a
// sync point; without one the load fills the items shown as it comes.
func (g *Engine) loadAll(k api.Kind) tea.Cmd {
	g.stop(k)
	g.gen++
	ctx, cancel := context.WithCancel(g.request(LoadTask(k)))
	fresh := newItems(k)
	var readCache tea.Cmd
	useCache := false
	empty := len(g.sets[k].List) == g.provIn(g.sets[k])
	if empty {
		readCache, useCache = g.readCache(g.gen, k)
	}
	g.loads[k] = loadState{
		gen: g.gen, started: true, cancel: cancel, listing: true,
		task:  g.ctx.Tasks.Start(LoadTask(k)),
		fresh: fresh, onScreen: empty && !useCache, cacheWait: useCache,
		listCtx: ctx, pace: loadPace{start: g.ctx.Clock()},
	}
	var shown tea.Cmd
	if g.loads[k].onScreen {
		g.sets[k] = fresh
		g.loads[k].part.keep()
		shown = g.loaded(Loaded{Kind: k, Reset: true})
	}
	list := tea.Batch(g.fieldsFor(ctx, k), g.listWithCustomFields(ctx, k))
	if useCache {
		// A cached board with a sync point is refreshed by delta: neither
		// the list nor the field information is asked then.
		g.loads[k].deferred = list
		return tea.Batch(shown, readCache)
	}
	return tea.Batch(shown, list)
}

// fieldsFor is kind k's field information for the load of the latest
// generation: as kept when read within the TTL, else read now.
func (g *Engine) fieldsFor(ctx context.Context, k api.Kind) tea.Cmd {
	if fi, ok := g.keptFields(k); ok {
		return common.Cmd(fieldsMsg{gen: g.gen, kind: k, fields: fi, kept: true})
	}
	return fetchFields(ctx, g.ctx.Service, g.gen, g.ws, k)
}

// listRequest is what a load lists of a kind.
func (g *Engine) listRequest(k api.Kind) api.ListRequest {
	return api.ListRequest{WorkspaceID: g.ws, Kind: k, Fields: g.withCustomFields(k, api.ListFields(k))}
}

// stopLoads cancels the loads of every kind.
func (g *Engine) stopLoads() {
	for _, k := range api.Kinds {
		g.stop(k)
	}
}

// stop cancels the load of kind k, if any.
func (g *Engine) stop(k api.Kind) {
	l := &g.loads[k]
	if l.cancel != nil {
		l.cancel()
	}
	if l.task != 0 {
		g.ctx.Tasks.Done(l.task)
	}
	*l = loadState{}
}

// finish ends the load of a kind when both answers are in: a complete load
// replaces the items shown and is cached.
func (g *Engine) finish(k api.Kind) tea.Cmd {
	l := &g.loads[k]
	if l.busy() || l.task == 0 {
		return nil
	}
	g.ctx.Tasks.Done(l.task)
	l.task = 0
	if l.cancel != nil {
		l.cancel()
		l.cancel = nil
	}
	if l.err != nil {
		return nil
	}
	done := g.succeeded(LoadTask(k))
	l.cacheWait = false
	s := l.fresh
	s.Complete, s.Fields = true, l.fields
	s.Synced = newestModified(s.List)
	g.whole.changed(k, s.List)
	var cmd tea.Cmd
	if !l.onScreen {
		cmd = g.swapIn(k, s)
	} else {
		cmd = g.remark(k) // the items came in page by page: mark them once all are in
	}
	l.onScreen = true
	if l.part.resumed {
		return tea.Batch(done, cmd, g.closeGap(k), g.keepCount(k, l.total))
	}
	return tea.Batch(done, cmd, g.save(k), g.keepCount(k, l.total))
}

// onFields handles a kind's priority options.
func (g *Engine) onFields(msg fieldsMsg) tea.Cmd {
	l := &g.loads[msg.kind]
	if msg.gen != l.gen || !l.started {
		return nil
	}
	l.optsDone = true
	var cmd tea.Cmd
	if msg.err != nil {
		l.err = msg.err
		cmd = g.loadFailed(l, msg.kind, msg.err)
	}
	l.fields = msg.fields
	if msg.err == nil {
		g.SetFields(msg.kind, msg.fields)
		if !msg.kept {
			cmd = g.keepFields(msg.kind, msg.fields)
		}
	}
	// The views index the items anew, in the columns of the priorities.
	s := l.fresh
	s.Fields, s.index = msg.fields, nil
	for _, p := range l.pending {
		g.addPage(s, p, l.onScreen)
	}
	l.pending = nil
	var shown tea.Cmd
	if l.onScreen {
		shown = g.loaded(Loaded{Kind: msg.kind, Reset: true})
	}
	return tea.Batch(cmd, shown, g.finish(msg.kind))
}

// onPages handles pages of a kind's list.
func (g *Engine) onPages(msg pagesMsg) tea.Cmd {
	l := &g.loads[msg.kind]
	if msg.gen != l.gen || !l.started {
		return nil
	}
	for _, p := range msg.pages {
		l.loaded, l.total = max(l.loaded, p.Loaded), max(l.total, p.Total, p.Loaded)
		p.Items = l.part.listed(p)
		if !l.optsDone {
			l.pending = append(l.pending, p)
			continue
		}
		g.addPage(l.fresh, p, l.onScreen)
	}
	l.pace.paged(g.ctx.Clock(), len(msg.pages), l.total-l.loaded, g.ctx.Budget)
	var shown tea.Cmd
	if l.onScreen {
		shown = g.loaded(Loaded{Kind: msg.kind})
	}
	if !msg.done {
		return tea.Batch(shown, g.savePartSoon(msg.kind), msg.stream.next)
	}
	l.listing = false
	if msg.err != nil {
		l.err = fmt.Errorf(i18n.T("list %s: %w"), kindWord(msg.kind), msg.err)
		return tea.Batch(shown, g.finish(msg.kind), g.loadFailed(l, msg.kind, l.err))
	}
	return tea.Batch(shown, g.finish(msg.kind))
}

// loadFailed reports a failed load: an expired login asks the root to log in
// again (once per load) and then reload; anything else goes to the status line.
func (g *Engine) loadFailed(l *loadState, k api.Kind, err error) tea.Cmd {
	if NeedsLogin(err) {
		if l.authAsked {
			return nil
		}
		l.authAsked = true
		return common.Cmd(common.AuthExpiredMsg{Retry: common.Cmd(reloadMsg{ws: g.ws, kind: k})})
	}
	return g.reportTask(LoadTask(k), err)
}

// addPage adds a page to a set. On a set shown as it fills, the edits not
// yet confirmed are laid over the service's items, so a refresh does not
// undo them on screen; a set filled aside gets them when it is swapped in
// (overlay).
func (g *Engine) addPage(s *Items, p api.Page, shown bool) {
	s.reserve(max(p.Total, p.Loaded))
	items := p.Items
	copied := false
	for k := range items {
		if !shown || !g.Editing() {
			break
		}
		it, ok := g.Lay(s.Kind, items[k])
		if !ok {
			continue
		}
		if !copied {
			items, copied = slices.Clone(items), true
		}
		items[k] = it
	}
	s.AddPage(p.Number, items)
}

// onReload handles a reload asked for after a new login.
func (g *Engine) onReload(msg reloadMsg) tea.Cmd {
	if msg.ws != g.ws {
		return nil
	}
	return g.Load(msg.kind)
}
