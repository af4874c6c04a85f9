package engine

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/i18n"
)

// Create queues a new item in the outbox and sends it; its card stands on
// the board at once, the cursor on it, and becomes the item once the
// service confirms it (provisional.go). The outbox makes sure it is created
// once, however often it is sent.
func (g *Engine) Create(n api.NewItem) tea.Cmd {
	if g.ctx.Edits == nil {
		return g.report(ErrNoOutbox)
	}
	if n.WorkspaceID == 0 {
		n.WorkspaceID = g.ws
	}
	g.token++
	e := store.Edit{
		Session: g.ctx.Session, Service: g.ctx.ServiceURL, User: g.ctx.User,
		WorkspaceID: n.WorkspaceID, WorkspaceName: string(g.ctx.Workspace.Name), Kind: n.Kind, Op: store.OpCreate,
		Title: strings.TrimSpace(n.Title), To: n.PriorityLabel, Fields: n.Fields,
	}
	g.lastCreate = e.Title
	var ch ChangedMsg
	g.stand(&ch, e, g.token, true)
	return tea.Batch(g.changed(ch), g.send(&run{origin: fromKey}, []queued{{token: g.token, edit: e}}))
}

// onCreated makes a created item's card the item, or marks it with why it
// waits or failed, or takes it off when the service refuses it for good.
func (g *Engine) onCreated(ch *ChangedMsg, token uint64, res store.Result, err error, say bool) tea.Cmd {
	cause := res.Err
	if cause == nil {
		cause = err
	}
	title := res.Edit.Title
	p := g.provFor(token, res.Edit.Seq)
	if p != nil && res.Edit.Seq != 0 {
		p.seq, p.edit = res.Edit.Seq, res.Edit
	}
	switch res.Outcome {
	case store.OutcomeSent, store.OutcomeApplied:
		it := res.Item
		if it.ID == "" {
			it = g.confirmedElsewhere(p, res.Edit)
		}
		if it.ID == "" {
			return nil // confirmed through another path, which shows it
		}
		it.Kind = res.Edit.Kind
		if p != nil {
			g.settle(ch, p, it)
		} else if res.Edit.WorkspaceID == g.ws {
			ch.Items = append(ch.Items, Shown{Kind: it.Kind, Item: it, Confirmed: true, Created: true})
		}
		if res.Edit.WorkspaceID == g.ws {
			return tea.Batch(g.saveSoon(it.Kind), note("created #%s %s", it.ShortID(), title))
		}
		return note("created #%s %s", it.ShortID(), title)
	case store.OutcomeQueued:
		g.markProv(ch, p, Pending, cause)
		if NeedsLogin(cause) {
			return g.authExpired()
		}
		if say {
			return note("%q waits to be created: %s", title, reason(cause))
		}
	case store.OutcomeFailed:
		if p != nil && refusedForGood(cause) {
			g.dropProv(ch, p)
			return g.report(fmt.Errorf("%s: %w", i18n.Tf("%q was refused and taken off the board; nothing was created", title), cause))
		}
		g.markProv(ch, p, Failed, cause)
		g.failedCreates = append(g.failedCreates, res.Edit)
		return g.report(common.Advise(i18n.T("press R to try again"), fmt.Errorf(i18n.T("could not create %q: %w"), title, cause)))
	}
	return nil
}

// refusedForGood reports whether the service refused a create in a way
// sending it again cannot change: the user may not create there, or the
// workspace is gone. A create it found wrong (a field's value) is sent
// again by R.
func refusedForGood(err error) bool {
	k := api.KindOf(err)
	return k == api.ErrForbidden || k == api.ErrNotFound
}

// markProv marks the card of a create pending or failed, with why.
func (g *Engine) markProv(ch *ChangedMsg, p *provisional, st State, cause error) {
	if p == nil {
		return
	}
	p.state, p.err = st, cause
	ch.Items = append(ch.Items, Shown{Kind: p.kind, Item: g.provCard(p)})
}

// confirmedElsewhere is the item another process's send of a create made,
// as its card shows it under the id the outbox recorded; none without a
// card.
func (g *Engine) confirmedElsewhere(p *provisional, e store.Edit) api.Item {
	if p == nil || e.ResultItemID == "" {
		return api.Item{}
	}
	it := g.provCard(p)
	it.ID = e.ResultItemID
	return it
}

// sayNotCreated refuses an edit of a card whose item is not created yet:
// the edit needs the item's id, which only the service's answer brings,
// and an edit queued behind a create the service then refuses would be
// left with no item to change.
func sayNotCreated(it api.Item) tea.Cmd {
	return say(i18n.Tf("%q is not created yet: change it once the service has it (its card shows its id then)", it.Title))
}

// say puts a note of the creates on the status line, in the language in use.
func say(text string) tea.Cmd { return common.Cmd(common.StatusMsg{Text: text}) }

// undoCreate says, when the user's latest action is a create, that u does
// not undo it; the next u undoes the step before it.
func (g *Engine) undoCreate() (tea.Cmd, bool) {
	title := g.lastCreate
	if title == "" {
		return nil, false
	}
	g.lastCreate = ""
	return say(i18n.Tf("a new item is not undone: %q stays, and nothing is deleted on the service; close it once created (press u again to undo the change before it)", title)), true
}
