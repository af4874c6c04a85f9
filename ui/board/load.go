package board

import (
	"context"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/workspace"
)

// loadState is the loading of one kind: every answer carries the generation
// of the request it answers, and only the latest generation is kept. The
// load fills a dataset of its own (fresh): it is shown as it fills when the
// board has nothing else to show, else it replaces the board shown (cached or
// older) once complete.
type loadState struct {
	gen     uint64
	started bool
	cancel  context.CancelFunc
	task    common.TaskID

	fresh     *dataset      // what the load fills
	onScreen  bool          // fresh is the dataset shown
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
}

// busy reports whether the kind is still loading.
func (l *loadState) busy() bool { return l.started && (l.listing || !l.optsDone) }

// fieldsMsg carries the priority options of a kind.
type fieldsMsg struct {
	gen    uint64
	kind   api.Kind
	fields api.FieldInfo
	err    error
}

// pagesMsg carries the pages that arrived since the last one, and the end of
// the list when done.
type pagesMsg struct {
	gen    uint64
	kind   api.Kind
	pages  []api.Page
	done   bool
	err    error
	stream *pageStream
}

// reloadMsg asks for a kind to be loaded again (after a new login).
type reloadMsg struct {
	ws   int64
	kind api.Kind
}

// pageStream bridges ListPages' callback to messages: the call runs in its own
// goroutine and hands pages over a channel that a repeating command reads.
type pageStream struct {
	gen  uint64
	kind api.Kind
	ch   chan streamEvent
}

type streamEvent struct {
	page api.Page
	done bool
	err  error
}

// maxPagesPerMsg bounds how many waiting pages one message carries.
const maxPagesPerMsg = 16

// startList starts listing a kind; pages come back as pagesMsg.
func startList(ctx context.Context, svc common.Service, gen uint64, req api.ListRequest) tea.Cmd {
	s := &pageStream{gen: gen, kind: req.Kind, ch: make(chan streamEvent, maxPagesPerMsg)}
	return func() tea.Msg {
		go func() {
			defer close(s.ch)
			err := svc.ListPages(ctx, req, func(p api.Page) {
				select {
				case s.ch <- streamEvent{page: p}:
				case <-ctx.Done():
				}
			})
			select {
			case s.ch <- streamEvent{done: true, err: err}:
			case <-ctx.Done():
			}
		}()
		return s.read()
	}
}

// next waits for the next pages.
func (s *pageStream) next() tea.Cmd { return s.read }

// read blocks for one event, then takes whatever else is already waiting.
func (s *pageStream) read() tea.Msg {
	msg := pagesMsg{gen: s.gen, kind: s.kind, stream: s}
	ev, ok := <-s.ch
	for {
		if !ok {
			msg.done = true
			msg.err = context.Canceled
			return msg
		}
		if ev.done {
			msg.done, msg.err = true, ev.err
			return msg
		}
		msg.pages = append(msg.pages, ev.page)
		if len(msg.pages) == maxPagesPerMsg {
			return msg
		}
		select {
		case ev, ok = <-s.ch:
		default:
			return msg
		}
	}
}

// fetchFields asks for a kind's field information.
func fetchFields(ctx context.Context, svc common.Service, gen uint64, ws int64, kind api.Kind) tea.Cmd {
	return func() tea.Msg {
		fi, err := svc.FieldInfo(ctx, ws, kind)
		if err != nil {
			return fieldsMsg{gen: gen, kind: kind, err: fmt.Errorf("priorities of %s: %w", kind.Path(), err)}
		}
		return fieldsMsg{gen: gen, kind: kind, fields: fi}
	}
}

// load starts (again) loading kind k: by delta when the board shown is
// complete and has a sync point (see refresh.go), else by a whole list.
func (m *Model) load(k api.Kind) tea.Cmd {
	if d := m.sets[k]; d.complete && d.synced != "" && len(d.items) > 0 {
		return m.refresh(k)
	}
	return m.loadAll(k)
}

// loadAll starts (again) loading kind k whole: its field information and its
// items. Whatever an earlier load of k still sends is dropped. The board
// shown stays until the load is complete; with nothing shown, the cached
// board is read first: drawn meanwhile, and refreshed by delta when it has a
// sync point; without one the load fills the board as it comes.
func (m *Model) loadAll(k api.Kind) tea.Cmd {
	m.stop(k)
	m.gen++
	ctx, cancel := context.WithCancel(m.ctx.Request())
	shown := m.sets[k]
	fresh := newDataset(k, nil, 0)
	fresh.carry(shown)
	var readCache tea.Cmd
	useCache := false
	if len(shown.items) == 0 {
		readCache, useCache = m.eng.ReadCache(m.gen, k)
	}
	m.loads[k] = loadState{
		gen: m.gen, started: true, cancel: cancel, listing: true,
		task:  m.ctx.Tasks.Start(loadTask(k)),
		fresh: fresh, onScreen: len(shown.items) == 0 && !useCache, cacheWait: useCache,
	}
	if m.loads[k].onScreen {
		m.sets[k] = fresh
	}
	list := startList(ctx, m.ctx.Service, m.gen, m.listRequest(k))
	cmds := []tea.Cmd{fetchFields(ctx, m.ctx.Service, m.gen, m.ws, k)}
	if useCache {
		m.loads[k].deferred = list
		return tea.Batch(append(cmds, readCache)...)
	}
	return tea.Batch(append(cmds, list)...)
}

// listRequest is what the board lists of a kind.
func (m *Model) listRequest(k api.Kind) api.ListRequest {
	return api.ListRequest{WorkspaceID: m.ws, Kind: k, Fields: api.ListFields(k)}
}

// stop cancels the load of kind k, if any.
func (m *Model) stop(k api.Kind) {
	l := &m.loads[k]
	if l.cancel != nil {
		l.cancel()
	}
	if l.task != 0 {
		m.ctx.Tasks.Done(l.task)
	}
	*l = loadState{}
}

// finish ends the load of a kind when both answers are in: a complete load
// replaces the board shown and is cached.
func (m *Model) finish(k api.Kind) tea.Cmd {
	l := &m.loads[k]
	if l.busy() || l.task == 0 {
		return nil
	}
	m.ctx.Tasks.Done(l.task)
	l.task = 0
	if l.cancel != nil {
		l.cancel()
		l.cancel = nil
	}
	if l.err != nil {
		return nil
	}
	done := m.succeeded(loadTask(k))
	l.cacheWait = false
	d := l.fresh
	d.complete, d.fields = true, l.fields
	d.synced = newestModified(d.items)
	var cmd tea.Cmd
	if !l.onScreen {
		cmd = m.swapIn(k, d)
	}
	l.onScreen = true
	return tea.Batch(done, cmd, m.save(k))
}

// newestModified is the sync point of a whole list: the newest modified time
// among its items, by the service's clock.
func newestModified(items []api.Item) string {
	newest := ""
	for i := range items {
		newest = max(newest, items[i].Modified)
	}
	return newest
}

// loadTask names the loading of a kind, as the task registry and the status
// line know it: an error of one load goes when a later one succeeds.
func loadTask(k api.Kind) string { return "loading " + k.Path() }

// onFields handles a kind's priority options.
func (m *Model) onFields(msg fieldsMsg) tea.Cmd {
	l := &m.loads[msg.kind]
	if msg.gen != l.gen || !l.started {
		return nil
	}
	l.optsDone = true
	var cmd tea.Cmd
	if msg.err != nil {
		l.err = msg.err
		cmd = m.loadFailed(l, msg.kind, msg.err)
	}
	l.fields = msg.fields
	if msg.err == nil {
		m.eng.SetFields(msg.kind, msg.fields)
	}
	d := newDataset(msg.kind, msg.fields.PriorityOptions(), 0)
	d.carry(l.fresh)
	l.fresh = d
	for _, p := range l.pending {
		m.addPage(d, p, l.onScreen)
	}
	l.pending = nil
	if l.onScreen {
		m.sets[msg.kind] = d
		m.clamp(d)
	}
	return tea.Batch(cmd, m.finish(msg.kind))
}

// onPages handles pages of a kind's list.
func (m *Model) onPages(msg pagesMsg) tea.Cmd {
	l := &m.loads[msg.kind]
	if msg.gen != l.gen || !l.started {
		return nil
	}
	for _, p := range msg.pages {
		l.loaded, l.total = max(l.loaded, p.Loaded), max(l.total, p.Total, p.Loaded)
		if !l.optsDone {
			l.pending = append(l.pending, p)
			continue
		}
		m.addPage(l.fresh, p, l.onScreen)
	}
	if l.onScreen {
		m.clamp(l.fresh)
	}
	if !msg.done {
		return msg.stream.next()
	}
	l.listing = false
	if msg.err != nil {
		l.err = fmt.Errorf("list %s: %w", msg.kind.Path(), msg.err)
		return tea.Batch(m.finish(msg.kind), m.loadFailed(l, msg.kind, l.err))
	}
	return m.finish(msg.kind)
}

// loadFailed reports a failed load: an expired login asks the root to log in
// again (once per load) and then reload; anything else goes to the status line.
func (m *Model) loadFailed(l *loadState, k api.Kind, err error) tea.Cmd {
	if workspace.NeedsLogin(err) {
		if l.authAsked {
			return nil
		}
		l.authAsked = true
		return common.Cmd(common.AuthExpiredMsg{Retry: common.Cmd(reloadMsg{ws: m.ws, kind: k})})
	}
	return m.reportTask(loadTask(k), err)
}

// addPage adds a page to a dataset. On a dataset shown as it fills, the
// edits not yet confirmed are laid over the service's items, so a refresh
// does not undo them on screen; a dataset filled aside gets them when it is
// swapped in (overlay).
func (m *Model) addPage(d *dataset, p api.Page, shown bool) {
	d.reserve(max(p.Total, p.Loaded))
	items := p.Items
	copied := false
	for k := range items {
		if !shown || !m.eng.Editing() {
			break
		}
		it, ok := m.eng.Lay(d.kind, items[k])
		if !ok {
			continue
		}
		if !copied {
			items, copied = slices.Clone(items), true
		}
		items[k] = it
	}
	d.addPage(p.Number, items)
}

// onReload handles a reload asked for after a new login.
func (m *Model) onReload(msg reloadMsg) tea.Cmd {
	if msg.ws != m.ws {
		return nil
	}
	return m.load(msg.kind)
}
