package engine

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
	"triage/ui/i18n"
)

// A refresh by delta: once the engine holds every item of a kind with a sync
// point (a whole list, or the cache of one), a refresh asks only for the
// items modified since the sync point less syncOverlap, oldest change first,
// and counts the list at the same time. The changed items are merged into the
// items shown, in place; new ones join at the end of the service's order. No
// list reports deletions: when the count differs from the items held, or
// the priorities of the workspace changed, the kind is listed whole instead.
// A warm start counts only when the last count is older than
// store.ReferenceTTL, and takes the field information kept when it was read
// within it: with the cache a day old at most, it costs one request a kind.

// syncOverlap is how far before the sync point a refresh asks: modified has
// one-second resolution, and a change may be written with a time a little
// older than the newest one already listed. Items asked twice are merged
// as the same items.
const syncOverlap = time.Minute

// changesMsg carries the answer of a refresh by delta.
type changesMsg struct {
	gen        uint64
	kind       api.Kind
	changes    api.Changes
	fields     api.FieldInfo
	keptFields bool // fields are as kept (keptFields), not read now
	err        error
}

// modifiedLister lists what changed without counting (*api.Client).
type modifiedLister interface {
	Modified(ctx context.Context, req api.ListRequest, since time.Time) (api.Changes, error)
}

// refresh starts refreshing kind k by delta; count says to count the list
// even when it was counted within the TTL.
func (g *Engine) refresh(k api.Kind, count bool) tea.Cmd {
	shown := g.sets[k]
	synced, err := api.ParseTime(shown.Synced)
	if err != nil {
		return g.loadAll(k)
	}
	g.stop(k)
	g.gen++
	ctx, cancel := context.WithCancel(g.request(LoadTask(k)))
	g.loads[k] = loadState{
		gen: g.gen, started: true, cancel: cancel, listing: true, onScreen: true, fresh: shown,
		task: g.ctx.Tasks.Start(LoadTask(k)),
	}
	svc, gen, req := g.ctx.Service, g.gen, g.listRequest(k)
	since := synced.Add(-syncOverlap)
	kept, keptOK := g.keptFields(k)
	changes := svc.Changes
	if ml, ok := svc.(modifiedLister); ok && !count {
		if _, counted := g.keptCount(k); counted {
			changes = ml.Modified
		}
	}
	return func() tea.Msg {
		msg := changesMsg{gen: gen, kind: k, fields: kept, keptFields: keptOK}
		fields := make(chan error, 1)
		go func() {
			var err error
			if !keptOK {
				msg.fields, err = svc.FieldInfo(ctx, req.WorkspaceID, k)
			}
			fields <- err
		}()
		msg.changes, msg.err = changes(ctx, req, since)
		if err := <-fields; err != nil && msg.err == nil {
			msg.err = fmt.Errorf(i18n.T("priorities of %s: %w"), kindWord(k), err)
		}
		return msg
	}
}

// onChanges merges the answer of a refresh by delta into the items shown,
// or lists the kind whole when they cannot be brought up to date so.
func (g *Engine) onChanges(msg changesMsg) tea.Cmd {
	l := &g.loads[msg.kind]
	if msg.gen != l.gen || !l.started {
		return nil
	}
	d := l.fresh
	k := msg.kind
	l.listing, l.optsDone = false, true
	g.ctx.Tasks.Done(l.task)
	l.task = 0
	l.cancel()
	l.cancel = nil
	if msg.err != nil {
		l.err = fmt.Errorf(i18n.T("refresh %s: %w"), kindWord(msg.kind), msg.err)
		return g.loadFailed(l, msg.kind, l.err)
	}
	if g.sets[k] != d || !slices.Equal(msg.fields.PriorityOptions(), d.Fields.PriorityOptions()) {
		return g.loadAll(k)
	}
	g.whole.changed(k, msg.changes.Items)
	changed := g.merge(d, msg.changes.Items)
	if msg.changes.Counted && msg.changes.Total != len(d.List)-g.provIn(d) {
		return g.loadAll(k)
	}
	var keep []tea.Cmd
	if !msg.keptFields {
		keep = append(keep, g.keepFields(k, msg.fields))
	}
	if msg.changes.Counted {
		keep = append(keep, g.keepCount(k, msg.changes.Total))
	}
	// A refresh that changed nothing leaves the board as cached: it is not
	// written again (a save of 100,000 items costs as much memory again as
	// their text while it runs).
	same := len(changed) == 0 && msg.changes.Newest <= d.Synced && reflect.DeepEqual(d.Fields, msg.fields)
	d.Synced = max(d.Synced, msg.changes.Newest)
	d.Fields = msg.fields
	g.SetFields(k, msg.fields)
	l.total, l.loaded = len(d.List), len(d.List)
	g.notEdited(k, changed)
	cached := !d.CachedAt.IsZero()
	d.CachedAt = time.Time{} // up to date with the service: no longer the cached board
	var save tea.Cmd
	if !same {
		save = g.save(k)
	}
	return tea.Batch(g.loaded(Loaded{Kind: k, Refreshed: true, Since: changed}), g.succeeded(LoadTask(k)), save, g.refreshed(k, len(changed), cached), tea.Batch(keep...))
}

// refreshed says what a refresh found: how many items changed, or that the
// board is up to date.
func (g *Engine) refreshed(k api.Kind, changed int, cached bool) tea.Cmd {
	if changed == 0 {
		return note("%s up to date", kindWord(k))
	}
	if cached {
		return note("refreshed: %s changed since the board was cached (marked •)", countOf(changed, k))
	}
	return note("refreshed: %s changed since the last load (marked •)", countOf(changed, k))
}

// notEdited takes out of the items someone else changed those with an edit
// on their way, whose cards show the user's change.
func (g *Engine) notEdited(k api.Kind, changed map[string]bool) {
	for id := range changed {
		if g.Edited(k, id) {
			delete(changed, id)
		}
	}
}

// merge lays the items of a refresh over a set: an item it holds is
// replaced (under the edits not yet confirmed), the item of a create on its
// way takes its card, another new one is added after the last page, in
// creation order. It returns the ids of the items that
// changed (see store.ChangedSince).
func (g *Engine) merge(d *Items, items []api.Item) map[string]bool {
	latest := make(map[string]int, len(items)) // id → its newest version in items
	for i := range items {
		items[i].Kind = d.Kind
		latest[items[i].ID] = i
	}
	var before, after []api.Item
	for i := range d.List {
		j, ok := latest[d.List[i].ID]
		if !ok {
			continue
		}
		delete(latest, d.List[i].ID)
		it := items[j]
		base := d.List[i]
		if b, ok := g.Base(d.Kind, it.ID); ok {
			base = b
		}
		if shown, ok := g.Lay(d.Kind, it); ok {
			it = shown
		}
		before, after = append(before, base), append(after, items[j])
		d.Set(int32(i), it)
	}
	added := make([]api.Item, 0, len(latest))
	for _, j := range latest {
		if !g.adopt(d, items[j]) { // the item a create on its way made takes its card
			added = append(added, items[j])
		}
	}
	slices.SortFunc(added, func(a, b api.Item) int {
		if c := strings.Compare(a.Created, b.Created); c != 0 {
			return c
		}
		return cmp.Or(len(a.ID)-len(b.ID), strings.Compare(a.ID, b.ID))
	})
	for len(added) > 0 {
		n := min(len(added), api.PageSize)
		d.AddPage(d.lastPage+1, added[:n])
		after = append(after, added[:n]...)
		added = added[n:]
	}
	return store.ChangedSince(before, after)
}
