package board

import (
	"fmt"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/workspace"
)

// onCache draws the cached board while the load runs; without one, the load
// fills the board as its pages come.
func (m *Model) onCache(msg workspace.CachedMsg) tea.Cmd {
	l := &m.loads[msg.Kind]
	if msg.Gen != l.gen || !l.cacheWait {
		return nil
	}
	l.cacheWait = false
	m.eng.KnowMoves(msg.Kind, msg.Snap.Transitions)
	list := l.deferred
	l.deferred = nil
	var cmd tea.Cmd
	if msg.Err != nil {
		cmd = m.report(msg.Err)
	}
	if !msg.OK || len(msg.Snap.Items) == 0 {
		l.onScreen = true
		m.sets[msg.Kind] = l.fresh
		m.clamp(l.fresh)
		return tea.Batch(cmd, list)
	}
	d := fromSnapshot(msg.Kind, msg.Snap)
	m.eng.SetFields(msg.Kind, msg.Snap.Fields)
	d.carry(m.sets[msg.Kind])
	m.overlay(d)
	m.sets[msg.Kind] = d
	m.clamp(d)
	if d.synced != "" {
		return tea.Batch(cmd, m.refresh(msg.Kind))
	}
	return tea.Batch(cmd, list)
}

// fromSnapshot builds a dataset from a cached board, in the order it was saved.
func fromSnapshot(k api.Kind, snap store.Snapshot) *dataset {
	n := len(snap.Items)
	d := newDataset(k, snap.Fields.PriorityOptions(), 0)
	// The cached items become the board's without a copy: each page below
	// is appended onto itself.
	d.items = snap.Items[:0]
	d.seq, d.col, d.hay = make([]int32, 0, n), make([]int32, 0, n), make([]string, 0, n)
	d.fields = snap.Fields
	for n, page := 1, snap.Items; len(page) > 0; n++ {
		size := min(len(page), api.PageSize)
		items := page[:size]
		for j := range items {
			items[j].Kind = k
		}
		d.addPage(n, items)
		page = page[size:]
	}
	d.complete, d.cachedAt, d.synced = true, snap.SavedAt, snap.Synced
	return d
}

// snapshot is a kind's board as the service holds it (edits not yet
// confirmed left out), in the service's order, encoded for the cache here,
// where the items are safe to read, so the write needs no copy of them.
func (m *Model) snapshot(k api.Kind) (store.Encoded, bool, error) {
	d := m.sets[k]
	if !d.complete || len(d.items) == 0 {
		return store.Encoded{}, false, nil
	}
	order := make([]int32, len(d.items))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, d.colCmp)
	items := func(yield func(*api.Item) bool) {
		for _, i := range order {
			it := &d.items[i]
			if base, ok := m.eng.Base(k, it.ID); ok {
				it = &base
			}
			if !yield(it) {
				return
			}
		}
	}
	e, err := store.Encode(items, d.fields, m.ctx.Clock(), d.synced, m.eng.KnownMoves(k))
	return e, err == nil, err
}

// save writes a kind's board to the cache, through the engine; with no
// cache in this run, no snapshot is taken.
func (m *Model) save(k api.Kind) tea.Cmd {
	if !m.eng.Caching() {
		return nil
	}
	snap, ok, err := m.snapshot(k)
	if err != nil {
		return m.report(fmt.Errorf("the board of %s could not be cached: %w", k.Path(), err))
	}
	if !ok {
		return nil
	}
	return m.eng.Save(k, snap)
}

// overlay lays the edits not yet confirmed over the items of a dataset just
// built from the service or the cache, whose items become their base.
func (m *Model) overlay(d *dataset) {
	if !m.eng.Editing() {
		return
	}
	for i := range d.items {
		if it, ok := m.eng.Lay(d.kind, d.items[i]); ok {
			d.replace(int32(i), it)
		}
	}
}

// swapIn shows a kind's refreshed dataset in place of the one shown (cached
// or older), with the same filters and the cursor on the same item, and
// highlights the items that changed meanwhile.
func (m *Model) swapIn(k api.Kind, fresh *dataset) tea.Cmd {
	old := m.sets[k]
	changed := store.ChangedSince(old.items, fresh.items)
	for id := range changed {
		if m.eng.Edited(k, id) {
			delete(changed, id)
		}
	}
	var selID string
	if i, ok := m.selected(); ok && k == m.tab {
		selID = old.items[i].ID
	}
	fresh.adopt(old)
	m.overlay(fresh)
	m.sets[k] = fresh
	m.changed[k] = changed
	if len(changed) == 0 {
		m.changed[k] = nil
	}
	m.clamp(fresh)
	if i, ok := fresh.find(selID); ok && selID != "" {
		m.follow(i)
	}
	if len(changed) == 0 || len(old.items) == 0 {
		return nil
	}
	since := "the last load"
	if !old.cachedAt.IsZero() {
		since = "the board was cached"
	}
	return m.note("refreshed: %d %s changed since %s (marked •)", len(changed), k.Path(), since)
}

// adopt takes over the view settings of the dataset shown before this one,
// once this one is filled (a refresh swapped in): filters, list order and the
// selected column.
func (d *dataset) adopt(old *dataset) {
	d.setSort(old.sort)
	d.typed = old.typed
	d.setQuery(old.typed, old.me)
	d.setPriorityFilter(-1)
	if old.prio >= 0 {
		d.setPriorityFilter(d.columnFor(old.cols[old.prio].key))
	}
	if old.cur < len(old.cols) {
		if c, ok := d.colOf[old.cols[old.cur].key]; ok {
			d.cur = c
		}
	}
}

// age says how old a cached board is: "just now", "5 min ago", "3h ago", "2 days ago".
func age(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d.Hours()))
	}
	return fmt.Sprintf("%d days ago", int(d.Hours()/24))
}
