package board

import (
	"cmp"
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
)

// A refresh by delta: once a board holds every item of a kind with a sync
// point (a whole list, or the cache of one), a refresh asks only for the
// items modified since the sync point less syncOverlap, oldest change first,
// and counts the list at the same time. The changed items are merged into the
// board shown, in place; new ones join at the end of the service's order. No
// list reports deletions: when the count differs from the items held, or
// the priorities of the workspace changed, the kind is listed whole instead.

// syncOverlap is how far before the sync point a refresh asks: modified has
// one-second resolution, and a change may be written with a time a little
// older than the newest one already listed. Items asked twice are merged
// as the same items.
const syncOverlap = time.Minute

// changesMsg carries the answer of a refresh by delta.
type changesMsg struct {
	gen     uint64
	kind    api.Kind
	changes api.Changes
	fields  api.FieldInfo
	err     error
}

// refresh starts refreshing kind k by delta.
func (m *Model) refresh(k api.Kind) tea.Cmd {
	d := m.sets[k]
	synced, err := api.ParseTime(d.synced)
	if err != nil {
		return m.loadAll(k)
	}
	m.stop(k)
	m.gen++
	ctx, cancel := context.WithCancel(m.ctx.Request())
	m.loads[k] = loadState{
		gen: m.gen, started: true, cancel: cancel, listing: true, onScreen: true, fresh: d,
		task: m.ctx.Tasks.Start(loadTask(k)),
	}
	svc, gen, req := m.ctx.Service, m.gen, m.listRequest(k)
	since := synced.Add(-syncOverlap)
	return func() tea.Msg {
		msg := changesMsg{gen: gen, kind: k}
		fields := make(chan error, 1)
		go func() {
			var err error
			msg.fields, err = svc.FieldInfo(ctx, req.WorkspaceID, k)
			fields <- err
		}()
		msg.changes, msg.err = svc.Changes(ctx, req, since)
		if err := <-fields; err != nil && msg.err == nil {
			msg.err = fmt.Errorf("priorities of %s: %w", k.Path(), err)
		}
		return msg
	}
}

// onChanges merges the answer of a refresh by delta into the board shown,
// or lists the kind whole when the board cannot be brought up to date so.
func (m *Model) onChanges(msg changesMsg) tea.Cmd {
	l := &m.loads[msg.kind]
	if msg.gen != l.gen || !l.started {
		return nil
	}
	d := l.fresh
	l.listing, l.optsDone = false, true
	m.ctx.Tasks.Done(l.task)
	l.task = 0
	l.cancel()
	l.cancel = nil
	if msg.err != nil {
		l.err = fmt.Errorf("refresh %s: %w", msg.kind.Path(), msg.err)
		return m.loadFailed(l, msg.kind, l.err)
	}
	if m.sets[msg.kind] != d || !slices.Equal(msg.fields.PriorityOptions(), d.opts) {
		return m.loadAll(msg.kind)
	}
	changed := m.merge(d, msg.changes.Items)
	if msg.changes.Total != len(d.items) {
		return m.loadAll(msg.kind)
	}
	// A refresh that changed nothing leaves the board as cached: it is not
	// written again (a save of 100,000 items costs as much memory again as
	// their text while it runs).
	same := len(changed) == 0 && msg.changes.Newest <= d.synced && reflect.DeepEqual(d.fields, msg.fields)
	d.synced = max(d.synced, msg.changes.Newest)
	d.fields = msg.fields
	m.eng.SetFields(msg.kind, msg.fields)
	l.total, l.loaded = msg.changes.Total, msg.changes.Total
	for id := range changed {
		if m.eng.Edited(msg.kind, id) {
			delete(changed, id)
		}
	}
	m.changed[msg.kind] = changed
	if len(changed) == 0 {
		m.changed[msg.kind] = nil
	}
	m.clamp(d)
	cached := !d.cachedAt.IsZero()
	d.cachedAt = time.Time{} // up to date with the service: no longer the cached board
	var save tea.Cmd
	if !same {
		save = m.save(msg.kind)
	}
	return tea.Batch(m.succeeded(loadTask(msg.kind)), save, m.refreshed(msg.kind, len(changed), cached))
}

// refreshed says what a refresh found: how many items changed, or that the
// board is up to date.
func (m *Model) refreshed(k api.Kind, changed int, cached bool) tea.Cmd {
	if changed == 0 {
		return m.note("%s up to date", k.Path())
	}
	since := "the last load"
	if cached {
		since = "the board was cached"
	}
	return m.note("refreshed: %d %s changed since %s (marked •)", changed, k.Path(), since)
}

// merge lays the items of a refresh over the dataset: an item it holds is
// replaced (under the edits not yet confirmed), a new one is added after the
// last page, in creation order. It returns the ids of the items that
// changed (see store.ChangedSince).
func (m *Model) merge(d *dataset, items []api.Item) map[string]bool {
	latest := make(map[string]int, len(items)) // id → its newest version in items
	for i := range items {
		items[i].Kind = d.kind
		latest[items[i].ID] = i
	}
	var before, after []api.Item
	for i := range d.items {
		j, ok := latest[d.items[i].ID]
		if !ok {
			continue
		}
		delete(latest, d.items[i].ID)
		it := items[j]
		base := d.items[i]
		if b, ok := m.eng.Base(d.kind, it.ID); ok {
			base = b
		}
		if shown, ok := m.eng.Lay(d.kind, it); ok {
			it = shown
		}
		before, after = append(before, base), append(after, items[j])
		d.replace(int32(i), it)
	}
	added := make([]api.Item, 0, len(latest))
	for _, j := range latest {
		added = append(added, items[j])
	}
	slices.SortFunc(added, func(a, b api.Item) int {
		if c := strings.Compare(a.Created, b.Created); c != 0 {
			return c
		}
		return cmp.Or(len(a.ID)-len(b.ID), strings.Compare(a.ID, b.ID))
	})
	for len(added) > 0 {
		n := min(len(added), api.PageSize)
		d.addPage(d.lastPage+1, added[:n])
		after = append(after, added[:n]...)
		added = added[n:]
	}
	return store.ChangedSince(before, after)
}
