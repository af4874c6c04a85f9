package engine

import (
	"context"
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/i18n"
)

// wholeMax is how many whole items the engine keeps; the oldest go first.
const wholeMax = 256

// Whole is an item as the service holds it in full (its description too),
// with its comments, read for a view that shows one item whole (the
// preview): lists carry no descriptions.
type Whole struct {
	Item     api.Item
	Comments []api.Comment
	Note     string // why the comments are not shown ("": they are, or there are none)
}

// wholeItems are the items read whole, each once until it changes: an
// item whose card shows a newer modified time (a refresh, an edit
// confirmed) than when it was read is read again; moving the cursor away
// and back reads nothing.
type wholeItems struct {
	items   map[editKey]Whole
	errs    map[editKey]error // why the last read of an item failed
	order   []editKey         // of items, oldest first
	reading map[editKey]bool  // a read is under way
	stale   map[editKey]bool  // a load showed the item changed since it was read
}

// wholeMsg carries an item read whole, or why it could not be read.
type wholeMsg struct {
	key   editKey
	whole Whole
	err   error
}

// commentReader is a service that lists an item's comments (*api.Client).
type commentReader interface {
	Comments(ctx context.Context, workspaceID int64, kind api.Kind, itemID string) ([]api.Comment, error)
}

// ReadWhole reads an item whole, with its comments, unless it was read
// since it last changed or is being read (WholeCurrent).
func (g *Engine) ReadWhole(kind api.Kind, id string) tea.Cmd {
	key := editKey{kind, id}
	if g.WholeCurrent(kind, id) {
		return nil
	}
	delete(g.whole.errs, key)
	if g.whole.reading == nil {
		g.whole.reading = make(map[editKey]bool)
	}
	g.whole.reading[key] = true
	task := i18n.Tf("reading #%s", api.ShortID(id))
	svc, ws, base := g.ctx.Service, g.ws, g.request(task)
	return g.ctx.Tasks.Run(task, func() tea.Msg {
		ctx, cancel := context.WithTimeout(base, 30*time.Second)
		defer cancel()
		it, err := svc.Get(ctx, ws, kind, id)
		if err != nil {
			return wholeMsg{key: key, err: err}
		}
		w := Whole{Item: it}
		if cr, ok := svc.(commentReader); ok {
			list, err := cr.Comments(ctx, ws, kind, id)
			if err != nil {
				w.Note = i18n.Tf("could not read the comments: %v", err)
			}
			w.Comments = list
		}
		return wholeMsg{key: key, whole: w}
	})
}

// WholeCurrent reports whether an item was read whole since a load last
// showed it changed, or is being read: a view asks ReadWhole only for one
// that is not.
func (g *Engine) WholeCurrent(kind api.Kind, id string) bool {
	if IsLocalID(id) {
		return true // not created yet: the service has nothing of it to read
	}
	key := editKey{kind, id}
	_, read := g.whole.items[key]
	return g.whole.reading[key] || read && !g.whole.stale[key]
}

// changed marks the items read whole that items (of kind k, from a load or
// a refresh) show modified since they were read: they are read again when
// next shown.
func (wi *wholeItems) changed(k api.Kind, items []api.Item) {
	if len(wi.items) == 0 {
		return
	}
	for i := range items {
		key := editKey{k, items[i].ID}
		if w, ok := wi.items[key]; ok && items[i].Modified > w.Item.Modified {
			if wi.stale == nil {
				wi.stale = make(map[editKey]bool)
			}
			wi.stale[key] = true
		}
	}
}

// Whole is an item as last read whole (ReadWhole): ok is false when it was
// not (an item read before it changed is still given, until read again),
// and err says why its last read failed.
func (g *Engine) Whole(kind api.Kind, id string) (w Whole, ok bool, err error) {
	if p := g.provOf(kind, id); p != nil && IsLocalID(id) {
		return Whole{Item: g.provCard(p)}, true, nil // all there is of it: what the create carries
	}
	key := editKey{kind, id}
	w, ok = g.whole.items[key]
	return w, ok, g.whole.errs[key]
}

// forget drops an item read whole: the next ReadWhole reads it again.
func (wi *wholeItems) forget(key editKey) {
	delete(wi.stale, key)
	if _, ok := wi.items[key]; ok {
		delete(wi.items, key)
		wi.order = slices.DeleteFunc(wi.order, func(k editKey) bool { return k == key })
	}
}

// onWhole keeps an item read whole, or why it could not be read.
func (g *Engine) onWhole(msg wholeMsg) tea.Cmd {
	wi := &g.whole
	delete(wi.reading, msg.key)
	delete(wi.stale, msg.key)
	if msg.err != nil {
		if wi.errs == nil {
			wi.errs = make(map[editKey]error)
		}
		wi.errs[msg.key] = msg.err
		return nil
	}
	if wi.items == nil {
		wi.items = make(map[editKey]Whole)
	}
	if _, ok := wi.items[msg.key]; !ok {
		wi.order = append(wi.order, msg.key)
	}
	wi.items[msg.key] = msg.whole
	for len(wi.order) > wholeMax {
		delete(wi.items, wi.order[0])
		delete(wi.stale, wi.order[0])
		wi.order = wi.order[1:]
	}
	return nil
}
