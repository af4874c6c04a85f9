package engine

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"time"

	"triage/api"
	"triage/store"
)

// A new item stands on the board the moment its create is queued: a
// provisional card, under a local id ("new-1") that never reaches the
// service (the outbox's create names no item, and the engine reads nothing
// of a local id and refuses edits of it) and never collides with TAPD's
// ids, which are digits. The card shows what the create carries (title,
// priority, the first status of the workflow, owners) and is marked as a
// change on its way (State). When the service answers, the card becomes the
// item as the service stored it, in place. A refresh or a load that brings
// the item before the answer (the create reached the service) turns the
// card into it, matched as the outbox finds an earlier attempt: the kind,
// the title, the creator, created since the create was queued. The creates
// an earlier run left in the outbox stand on the board at start (onPending).

// localPrefix starts the id of a card whose item is not created yet.
const localPrefix = "new-"

// adoptSkew widens the match of an item to a create, for a service clock
// behind the local one (as the outbox's look for an earlier attempt does).
const adoptSkew = 10 * time.Minute

// IsLocalID reports whether id is a provisional card's: its item is not
// created yet, and the service knows nothing of the id.
func IsLocalID(id string) bool { return strings.HasPrefix(id, localPrefix) }

// provisional is a create on its way and the card that stands for it.
type provisional struct {
	local  string   // the card's id while the item is not known
	real   string   // the item's id, once a refresh or the answer brought it
	kind   api.Kind // of the item
	token  uint64   // the queuing the answer carries (0: an earlier run's)
	seq    uint64   // the outbox edit, once added
	queued time.Time
	edit   store.Edit
	card   api.Item
	state  State // Pending, or Failed (R sends it again)
	err    error
}

// id is the card's id now.
func (p *provisional) id() string { return cmp.Or(p.real, p.local) }

// stand puts the card of a create on the board of the open workspace, and
// tells the views (the cursor goes to it when follow says so).
func (g *Engine) stand(ch *ChangedMsg, e store.Edit, token uint64, follow bool) *provisional {
	if e.WorkspaceID != g.ws {
		return nil
	}
	g.localN++
	p := &provisional{local: localPrefix + strconv.FormatUint(g.localN, 10), kind: e.Kind, token: token,
		seq: e.Seq, queued: e.CreatedAt, edit: e}
	if p.queued.IsZero() {
		p.queued = g.ctx.Clock()
	}
	p.card = g.cardOf(p.local, e)
	g.provs = append(g.provs, p)
	s := g.sets[p.kind]
	if i, ok := g.adoptIn(s, p); ok {
		p.real = s.List[i].ID
	} else {
		s.Add(p.card)
	}
	shown := Shown{Kind: p.kind, Item: g.provCard(p), Created: true}
	ch.Items = append(ch.Items, shown)
	if follow {
		ch.Follow = &shown
	}
	return p
}

// cardOf is the card of a create: its title, priority and other fields, the
// first status of the kind's workflow, the user as creator.
func (g *Engine) cardOf(id string, e store.Edit) api.Item {
	it := api.Item{ID: id, Kind: e.Kind, Title: e.Title, Creator: e.User,
		WorkspaceID: strconv.FormatInt(e.WorkspaceID, 10)}
	if first := g.statusOrder(e.Kind); len(first) > 0 {
		it.Status = first[0]
	}
	Priority.set(&it, e.To)
	for key, v := range e.Fields {
		if spec, ok := store.FieldByKey(key); ok {
			spec.Set(&it, v)
		} else if store.IsCustomKey(key) {
			it.Set(key, v)
		}
	}
	return it
}

// provCard is the card of a create as the board holds it now.
func (g *Engine) provCard(p *provisional) api.Item {
	if i, ok := g.sets[p.kind].Find(p.id()); ok {
		return g.sets[p.kind].List[i]
	}
	return p.card
}

// provOf is the create whose card has id, if any.
func (g *Engine) provOf(kind api.Kind, id string) *provisional {
	for _, p := range g.provs {
		if p.kind == kind && p.id() == id {
			return p
		}
	}
	return nil
}

// provFor is the create an answer is for: by its queuing, else its outbox edit.
func (g *Engine) provFor(token, seq uint64) *provisional {
	for _, p := range g.provs {
		if token != 0 && p.token == token || seq != 0 && p.seq == seq {
			return p
		}
	}
	return nil
}

// provIn counts the cards of set s whose items are not created yet.
func (g *Engine) provIn(s *Items) int {
	n := 0
	for _, p := range g.provs {
		if p.kind == s.Kind && p.real == "" {
			if _, ok := s.Find(p.local); ok {
				n++
			}
		}
	}
	return n
}

// placeProvisional stands the cards of the creates on their way on a set
// just built (a load, the cache): each becomes its item when the set
// holds it already.
func (g *Engine) placeProvisional(k api.Kind) {
	s := g.sets[k]
	for _, p := range g.provs {
		if p.kind != k {
			continue
		}
		if _, ok := s.Find(p.id()); ok {
			continue
		}
		if i, ok := g.adoptIn(s, p); ok {
			p.real = s.List[i].ID
			continue
		}
		p.real = ""
		s.Add(p.card)
	}
}

// adoptIn is the item of set s a create on its way made, if s holds it.
func (g *Engine) adoptIn(s *Items, p *provisional) (int32, bool) {
	for i := range s.List {
		if madeBy(p, &s.List[i]) {
			return int32(i), true
		}
	}
	return 0, false
}

// adopt turns the card of a create into the item a refresh brought, when
// the create made it; false when no create on its way made it.
func (g *Engine) adopt(s *Items, it api.Item) bool {
	for _, p := range g.provs {
		if p.kind != s.Kind || !madeBy(p, &it) {
			continue
		}
		i, ok := s.Find(p.local)
		if !ok {
			return false
		}
		p.real = it.ID
		s.Set(i, it)
		return true
	}
	return false
}

// madeBy reports whether it is the item create p made: not known yet, of
// its kind, title and creator, created since it was queued.
func madeBy(p *provisional, it *api.Item) bool {
	if p.real != "" || p.state == Failed || IsLocalID(it.ID) {
		return false
	}
	if strings.TrimSpace(it.Title) != strings.TrimSpace(p.edit.Title) || strings.Trim(it.Creator, "; ") != p.edit.User {
		return false
	}
	created, err := api.ParseTime(it.Created)
	return err == nil && !created.Before(p.queued.Add(-adoptSkew).Truncate(time.Second))
}

// settle ends a create the service confirmed: its card becomes the item as
// the service stored it (in place; the card goes when the item stands on
// the board already), and the views are told.
func (g *Engine) settle(ch *ChangedMsg, p *provisional, it api.Item) {
	g.forgetProv(p)
	s := g.sets[p.kind]
	slot, standing := s.Find(p.id())
	if other, ok := s.Find(it.ID); ok && (!standing || other != slot) {
		if standing {
			g.takeOff(ch, p.kind, slot)
		}
		other, _ = s.Find(it.ID)
		s.Set(other, it)
	} else if standing {
		s.Set(slot, it)
	} else {
		s.Add(it)
	}
	ch.Items = append(ch.Items, Shown{Kind: p.kind, Item: it, Confirmed: true})
}

// dropProv takes a refused create's card off the board.
func (g *Engine) dropProv(ch *ChangedMsg, p *provisional) {
	g.forgetProv(p)
	if i, ok := g.sets[p.kind].Find(p.id()); ok && p.real == "" {
		g.takeOff(ch, p.kind, i)
	}
}

// forgetProv ends a create's provisional card.
func (g *Engine) forgetProv(p *provisional) {
	g.provs = slices.DeleteFunc(g.provs, func(q *provisional) bool { return q == p })
}

// takeOff removes card i of kind k, the only way a card leaves a set: its
// positions move, so the views index the set anew.
func (g *Engine) takeOff(ch *ChangedMsg, k api.Kind, i int32) {
	s := g.sets[k]
	s.List = slices.Delete(s.List, int(i), int(i)+1)
	s.Seq = slices.Delete(s.Seq, int(i), int(i)+1)
	s.index = nil
	if sk := s.seen; sk != nil && sk.over == s {
		dropBit(sk.marks, int(i))
	}
	ch.Loaded = append(ch.Loaded, Loaded{Kind: k, Reset: true})
}

// dropBit takes bit i out of marks, moving the bits after it down by one.
func dropBit(marks []uint64, i int) {
	n := len(marks) * 64
	for j := i; j < n-1; j++ {
		if marks[(j+1)>>6]&(1<<(uint(j+1)&63)) != 0 {
			marks[j>>6] |= 1 << (uint(j) & 63)
		} else {
			marks[j>>6] &^= 1 << (uint(j) & 63)
		}
	}
	if n > 0 {
		marks[len(marks)-1] &^= 1 << 63
	}
}
