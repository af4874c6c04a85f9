package engine

import (
	"triage/api"
	"triage/store"
)

// State is where the latest change of an item stands, for the card's mark.
type State int

// The states of a change: pending first, failed wins over conflict.
const (
	Pending  State = iota // in the outbox: on its way, or waiting for the service
	Failed                // refused (or never queued): the card shows the service's value, R sends it again
	Conflict              // someone else changed the item meanwhile: the user keeps theirs or mine
)

// change is the latest change of one field of an item. Each change is an
// edit of the outbox; a newer change of the same field replaces it on the
// card, and the older edit still goes to the service first.
type change struct {
	to     string
	token  uint64 // which queuing the answer of a send carries
	seq    uint64 // the outbox edit, once added
	state  State
	err    error
	edit   store.Edit // the edit as last known (R adds it again; a conflict is resolved by its Seq)
	theirs api.Item   // the item as someone else left it (conflict)
}

// edit is what the user changed on one item, laid over the item as the
// service last showed it (base): the card shows it at once, and goes back to
// base for a change the service refused.
type edit struct {
	ws     int64
	kind   api.Kind
	id     string
	base   api.Item
	known  bool // base is the item as a view or the service showed it, not only its id
	fields map[Field]*change
}

// changes returns the changes the edit holds, in the order of fields.
func (e *edit) changes() []*change {
	out := make([]*change, 0, len(e.fields))
	for _, spec := range store.Fields() {
		if c := e.fields[Field(spec.Key)]; c != nil {
			out = append(out, c)
		}
	}
	for _, key := range customKeys(e.fields) {
		out = append(out, e.fields[Field(key)])
	}
	return out
}

// apply lays the changes not refused over an item as the service holds it.
func (e *edit) apply(it api.Item) api.Item {
	for f, c := range e.fields {
		if c.state != Failed {
			f.set(&it, c.to)
		}
	}
	return it
}

// state is what the card's mark shows: failed first, then conflict, then pending.
func (e *edit) state() State {
	st := Pending
	for _, c := range e.fields {
		switch c.state {
		case Failed:
			return Failed
		case Conflict:
			st = Conflict
		}
	}
	return st
}

// editOf is the edit of an item, made when missing from the item as seen.
func (g *Engine) editOf(kind api.Kind, it api.Item) *edit {
	e, ok := g.edits[editKey{kind, it.ID}]
	if !ok {
		ws, _ := g.workspaceOf(it)
		e = &edit{ws: ws, kind: kind, id: it.ID, base: it, known: true, fields: make(map[Field]*change, 1)}
		g.edits[editKey{kind, it.ID}] = e
	}
	return e
}

// find is the edit of an item of a kind, if any.
func (g *Engine) find(kind api.Kind, id string) (*edit, bool) {
	e, ok := g.edits[editKey{kind, id}]
	return e, ok
}

// Editing reports whether any edit is laid over an item: a view laying
// many items skips Lay when not.
func (g *Engine) Editing() bool { return len(g.edits) > 0 }

// Lay takes an item as the service now shows it (a load, a refresh, the
// cache) and returns it as the card shows it: with the edits not yet
// confirmed laid over it. ok is false when no edit is laid over it.
func (g *Engine) Lay(kind api.Kind, it api.Item) (api.Item, bool) {
	e, ok := g.edits[editKey{kind, it.ID}]
	if !ok || e.ws != g.ws {
		return it, false
	}
	e.base, e.known = it, true
	return e.apply(it), true
}

// Base is an item as the service last showed it, without the edits not yet
// confirmed, for the cache; ok is false when no edit is laid over it.
func (g *Engine) Base(kind api.Kind, id string) (api.Item, bool) {
	e, ok := g.find(kind, id)
	if !ok || !e.known {
		return api.Item{}, false
	}
	return e.base, true
}

// State is the mark of an item's card: where its latest change stands; ok
// is false when the item has no change on its way.
func (g *Engine) State(kind api.Kind, id string) (State, bool) {
	if p := g.provOf(kind, id); p != nil {
		return p.state, true
	}
	if len(g.edits) == 0 {
		return Pending, false
	}
	e, ok := g.find(kind, id)
	if !ok {
		return Pending, false
	}
	return e.state(), true
}

// Edited reports whether an item has a change on its way (a refresh does not
// mark it as changed by someone else).
func (g *Engine) Edited(kind api.Kind, id string) bool {
	_, ok := g.edits[editKey{kind, id}]
	return ok || g.provOf(kind, id) != nil
}

// editKey names the edit of an item by kind and id: TAPD gives a story and a
// bug the same id for the same short id.
type editKey struct {
	kind api.Kind
	id   string
}
