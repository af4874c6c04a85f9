package engine

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/i18n"
)

// Apply stages the changes of one user action (a key, an editor save) as
// one step: each card shows its change at once, the items returned (one per
// change, as their cards show them now), and the command queues and sends
// the edits, saying what became of each.
func (g *Engine) Apply(kind api.Kind, changes ...Change) ([]api.Item, tea.Cmd) {
	return g.apply(kind, &run{origin: fromKey}, changes)
}

// ApplyBulk is Apply for a confirmed bulk edit: one step, its items read in
// one request, and one summary once every item answered. Why, when not
// blank, is a comment (HTML) on each item changed, sent after its change
// by the same task, so the task ends when the changes and their comments
// are all answered.
func (g *Engine) ApplyBulk(kind api.Kind, why string, changes ...Change) ([]api.Item, tea.Cmd) {
	r := &run{origin: fromBulk, label: i18n.Tf("saving %s", countOf(len(changes), kind))}
	if strings.TrimSpace(why) != "" {
		r.comment = func(it api.Item) store.Edit { return g.commentFor(kind, it, why) }
	}
	return g.apply(kind, r, changes)
}

func (g *Engine) apply(kind api.Kind, r *run, changes []Change) ([]api.Item, tea.Cmd) {
	if g.ctx.Edits == nil {
		return nil, g.report(ErrNoOutbox)
	}
	if len(changes) == 0 {
		return nil, nil
	}
	for _, c := range changes {
		if IsLocalID(c.Item.ID) {
			return nil, sayNotCreated(c.Item)
		}
	}
	st := g.newStep()
	batch := make([]queued, 0, len(changes))
	shown := make([]api.Item, 0, len(changes))
	for _, c := range changes {
		se := g.editFor(kind, c.Item, c.Field, c.To)
		se.Step = st.id
		if c.Field == Status {
			se.Fields = c.Extra
		}
		q, it := g.stage(kind, c.Item, se)
		g.add(st, kind, q, it)
		batch = append(batch, q)
		shown = append(shown, it)
		if r.comment != nil {
			g.token++
			batch = append(batch, queued{token: g.token, edit: r.comment(c.Item)})
		}
	}
	g.push(st)
	return shown, g.send(r, batch)
}

// editFor is the outbox edit of a change of an item as the user saw it.
func (g *Engine) editFor(kind api.Kind, it api.Item, f Field, to string) store.Edit {
	from := f.Value(it)
	ws, wsName := g.workspaceOf(it)
	se := store.Edit{
		Session: g.ctx.Session, Service: g.ctx.ServiceURL, User: g.ctx.User,
		WorkspaceID: ws, WorkspaceName: wsName, Kind: kind, Op: f.op(), ItemID: it.ID,
		ItemTitle: it.Title, From: from, To: to, SeenModified: it.Modified,
	}
	if f == Priority {
		se.SeenPriority = from
	}
	return se
}

// stage lays an edit over its item (it, as the user saw it, becomes the
// edit's base when the item has no edit yet) and returns it to queue, with
// the item as its card shows it now.
func (g *Engine) stage(kind api.Kind, it api.Item, se store.Edit) (queued, api.Item) {
	e := g.editOf(kind, it)
	g.token++
	e.fields[fieldOf(se.Op)] = &change{to: se.To, token: g.token, edit: se}
	return queued{token: g.token, edit: se}, e.apply(e.base)
}

// onSave applies the editor's result as one step: the title, then the
// priority, each an edit of its own.
func (g *Engine) onSave(msg common.SaveItemMsg) tea.Cmd {
	var changes []Change
	if msg.Title != msg.Original.Title {
		changes = append(changes, Change{Item: msg.Original, Field: Title, To: msg.Title})
	}
	if msg.PriorityLabel != msg.Original.PriorityLabel {
		changes = append(changes, Change{Item: msg.Original, Field: Priority, To: msg.PriorityLabel})
	}
	for _, spec := range store.Fields() {
		if to, ok := msg.Set[spec.Key]; ok && spec.Other {
			c := Change{Item: msg.Original, Field: Field(spec.Key), To: to}
			if c.Field == Status {
				c.Extra = msg.StatusFields
			}
			changes = append(changes, c)
		}
	}
	for _, key := range customKeys(msg.Set) {
		changes = append(changes, Change{Item: msg.Original, Field: Field(key), To: msg.Set[key]})
	}
	var refused tea.Cmd
	if to, ok := msg.Set[string(Status)]; ok {
		if err := g.CheckMove(msg.Kind, msg.Original, to, g.statusOrder(msg.Kind)); err != nil {
			// The other fields typed in the editor are saved all the same.
			changes = slices.DeleteFunc(changes, func(c Change) bool { return c.Field == Status })
			if len(changes) == 0 {
				return g.report(fmt.Errorf(i18n.T("nothing saved: %w"), err))
			}
			refused = g.report(fmt.Errorf(i18n.T("the rest is saved, not the status: %w"), err))
		}
	}
	if len(changes) == 0 {
		return nil
	}
	if e, ok := g.find(msg.Kind, msg.ID); ok {
		// The editor saw the card with the edits on their way: they stay the base's.
		for i := range changes {
			changes[i].Item = e.apply(e.base)
		}
	}
	shown, cmd := g.Apply(msg.Kind, changes...)
	if len(shown) == 0 {
		return tea.Batch(cmd, refused)
	}
	last := Shown{Kind: msg.Kind, Item: shown[len(shown)-1]}
	return tea.Batch(g.changed(ChangedMsg{Items: []Shown{last}, Follow: &last}), cmd, refused)
}

// Retry sends every refused edit and create again; it reports whether it
// found any (else the views ask about the conflicts, or say there is
// nothing to retry).
func (g *Engine) Retry() (tea.Cmd, bool) {
	if g.ctx.Edits == nil {
		return g.report(ErrNoOutbox), true
	}
	var (
		batch []queued
		ch    ChangedMsg
	)
	for _, e := range g.edits {
		if e.ws != g.ws {
			continue
		}
		again := false
		for _, c := range e.changes() {
			if c.state != Failed {
				continue
			}
			g.token++
			c.token, c.seq, c.state, c.err = g.token, 0, Pending, nil
			batch = append(batch, queued{token: c.token, edit: c.edit})
			again = true
		}
		if again {
			g.show(&ch, e, false)
		}
	}
	for _, n := range g.failedCreates {
		g.token++
		if p := g.provFor(0, n.Seq); p != nil {
			p.token, p.seq, p.state, p.err = g.token, 0, Pending, nil
			ch.Items = append(ch.Items, Shown{Kind: p.kind, Item: g.provCard(p)})
		}
		batch = append(batch, queued{token: g.token, edit: n})
	}
	g.failedCreates = nil
	if len(batch) == 0 {
		return nil, false
	}
	g.lastErr = nil
	return tea.Batch(g.changed(ch), g.send(&run{origin: fromKey}, batch)), true
}

// Waiting is how many edits wait for the service.
func (g *Engine) Waiting() int { return g.waiting }
