package engine

import (
	"maps"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
)

// A first load of 20,000 items at 60 requests a minute takes two minutes.
// While it fills the board, the pages it listed are kept in the cache
// partSaveEvery after pages came (store.EncodePartial), so that a start after the app was
// closed or killed shows them at once and lists only the other pages
// (api.ListRequest.Listed); once complete, a refresh by delta from the sync
// point of the pages listed before brings what changed meanwhile, and when
// the count differs (an item deleted meanwhile moved the pages) the kind is
// listed whole.

// partSaveEvery is how often a load that fills the board keeps its pages.
const partSaveEvery = 15 * time.Second

// partialLoad is what a load that fills the board keeps of its pages.
type partialLoad struct {
	pages   map[int]int         // the pages listed (number → items added); nil: not kept
	ids     map[string]struct{} // the items of the pages listed before a restart
	resumed bool                // the load goes on from a snapshot of a load stopped part way
	synced  string              // that snapshot's sync point
	dirty   bool                // pages came since they were kept last
	ticking bool                // a partTickMsg is on its way
	// saving is closed once the last save of the pages is written: the
	// save of the whole board waits for it, so that it is never undone.
	saving chan struct{}
}

// keep makes the load keep its pages.
func (p *partialLoad) keep() { p.pages = map[int]int{} }

// partTickMsg is the time to keep the pages a load listed.
type partTickMsg struct {
	kind api.Kind
	gen  uint64
}

// listed records page p as listed and returns its items, without those
// the pages listed before a restart hold already (an item moves to a later
// page when one is created before it).
func (p *partialLoad) listed(page api.Page) []api.Item {
	if p.pages == nil {
		return page.Items
	}
	items := page.Items
	if p.ids != nil {
		items = slices.DeleteFunc(slices.Clone(items), func(it api.Item) bool {
			_, had := p.ids[it.ID]
			return had
		})
	}
	p.pages[page.Number] += len(items) // a page listed before a restart may be read again (api's listOn)
	p.dirty = true
	return items
}

// savePartSoon keeps the pages a load listed in the cache partSaveEvery
// from now, unless a save is on its way: a load at the rate limit gets its
// pages in bursts, then waits.
func (g *Engine) savePartSoon(k api.Kind) tea.Cmd {
	l := &g.loads[k]
	if l.part.pages == nil || l.part.ticking || !g.caching() {
		return nil
	}
	l.part.ticking = true
	return g.After(partSaveEvery, partTickMsg{kind: k, gen: l.gen})
}

// onPartTick keeps the pages a load listed since they were kept last, and
// again partSaveEvery on while pages come.
func (g *Engine) onPartTick(msg partTickMsg) tea.Cmd {
	l := &g.loads[msg.kind]
	if msg.gen != l.gen || !l.started {
		return nil
	}
	l.part.ticking = false
	if !l.part.dirty || !l.listing || l.err != nil {
		return nil
	}
	if !l.optsDone || len(l.pending) > 0 {
		return g.savePartSoon(msg.kind)
	}
	return tea.Batch(g.savePart(msg.kind), g.savePartSoon(msg.kind))
}

// savePart keeps the pages a load listed in the cache.
func (g *Engine) savePart(k api.Kind) tea.Cmd {
	l := &g.loads[k]
	l.part.dirty = false
	now := g.ctx.Clock()
	s := l.fresh
	order := s.serviceOrder()
	items := func(yield func(*api.Item) bool) {
		var base api.Item // one item, not one a card: yield reads it before the next
		for _, i := range order {
			if s.Seq[i] < 0 {
				continue // created in this session: the service lists it
			}
			it := &s.List[i]
			if b, ok := g.Base(k, it.ID); ok {
				base = b
				it = &base
			}
			if !yield(it) {
				return
			}
		}
	}
	e, err := store.EncodePartial(items, l.fields, now, newestModified(s.List), l.part.pages)
	if err != nil {
		return nil // the next pages try again
	}
	cache, svc, user, ws := g.ctx.Cache, g.ctx.ServiceURL, g.ctx.User, g.ws
	before, done := l.part.saving, make(chan struct{})
	l.part.saving = done
	return g.ctx.Tasks.Run(CacheTask(), func() tea.Msg {
		defer close(done)
		waitFor(before)
		return cacheSavedMsg{err: cache.SaveEncoded(svc, user, ws, k, e)}
	})
}

// waitFor waits until a save in flight is written; nil: none.
func waitFor(saving chan struct{}) {
	if saving != nil {
		<-saving
	}
}

// resume shows the pages a load stopped part way kept, and lists the
// others; false when the snapshot does not hold what it names.
func (g *Engine) resume(k api.Kind, snap store.Snapshot) (tea.Cmd, bool) {
	s, ok := itemsFromPartial(k, snap)
	if !ok {
		return nil, false
	}
	l := &g.loads[k]
	if l.optsDone {
		s.Fields = l.fields
	} else {
		g.SetFields(k, snap.Fields)
	}
	g.overlay(s)
	g.sets[k], l.fresh, l.onScreen = s, s, true
	ids := make(map[string]struct{}, len(s.List))
	for i := range s.List {
		ids[s.List[i].ID] = struct{}{}
	}
	l.part = partialLoad{pages: maps.Clone(snap.Listed), ids: ids, resumed: true, synced: snap.Synced}
	l.loaded = len(s.List)
	req := g.listRequest(k)
	req.Listed = maps.Clone(snap.Listed)
	if !g.ref.custom.read[k] {
		g.ref.custom.asked[k] = false // the whole list dropped asked them; the resumed one reads them first
	}
	// The pages wait for the kind's fields (onFields), which the whole
	// list dropped was to read.
	return tea.Batch(g.loaded(Loaded{Kind: k, Reset: true}), g.fieldsFor(l.listCtx, k),
		g.listingWithCustomFields(l.listCtx, k, req)), true
}

// closeGap ends a resumed load: the board is cached whole, with the sync
// point of the pages listed before the restart, and refreshed by delta
// from there (what changed while the app was closed, on pages listed
// before it).
func (g *Engine) closeGap(k api.Kind) tea.Cmd {
	l := &g.loads[k]
	s := g.sets[k]
	if l.part.synced != "" {
		s.Synced = min(s.Synced, l.part.synced)
	}
	save := g.save(k)
	return tea.Batch(save, g.refreshWithCustomFields(k, true))
}

// itemsFromPartial builds the items of a load stopped part way, each page
// under its number; false when the pages do not add up to the items.
func itemsFromPartial(k api.Kind, snap store.Snapshot) (*Items, bool) {
	numbers := slices.Sorted(maps.Keys(snap.Listed))
	sum := 0
	for _, n := range numbers {
		if c := snap.Listed[n]; c < 0 || n < 1 {
			return nil, false
		}
		sum += snap.Listed[n]
	}
	if sum != len(snap.Items) {
		return nil, false
	}
	s := newItems(k)
	s.Fields = snap.Fields
	s.List = snap.Items[:0]
	s.Seq = make([]int32, 0, len(snap.Items))
	at := 0
	for _, n := range numbers {
		page := snap.Items[at : at+snap.Listed[n]]
		for j := range page {
			page[j].Kind = k
		}
		s.AddPage(n, page)
		at += len(page)
	}
	s.CachedAt, s.Synced = snap.SavedAt, snap.Synced
	return s, true
}
