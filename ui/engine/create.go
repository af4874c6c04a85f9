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

// Create queues a new item in the outbox and sends it; it appears on the
// board once the service confirms it. The outbox makes sure it is created
// once, however often it is sent.
func (g *Engine) Create(n api.NewItem) tea.Cmd {
	if g.ctx.Edits == nil {
		return g.report(ErrNoOutbox)
	}
	if n.WorkspaceID == 0 {
		n.WorkspaceID = g.ws
	}
	g.token++
	return g.send(&run{origin: fromKey}, []queued{{token: g.token, edit: store.Edit{
		Session: g.ctx.Session, Service: g.ctx.ServiceURL, User: g.ctx.User,
		WorkspaceID: n.WorkspaceID, WorkspaceName: string(g.ctx.Workspace.Name), Kind: n.Kind, Op: store.OpCreate,
		Title: strings.TrimSpace(n.Title), To: n.PriorityLabel, Fields: n.Fields,
	}}})
}

// onCreated tells the views of a created item (the cursor goes to it), or
// says why it waits or failed.
func (g *Engine) onCreated(ch *ChangedMsg, res store.Result, err error, say bool) tea.Cmd {
	cause := res.Err
	if cause == nil {
		cause = err
	}
	title := res.Edit.Title
	switch res.Outcome {
	case store.OutcomeSent, store.OutcomeApplied:
		it := res.Item
		if it.ID == "" {
			return nil // confirmed through another path, which shows it
		}
		it.Kind = res.Edit.Kind
		if res.Edit.WorkspaceID == g.ws {
			s := Shown{Kind: it.Kind, Item: it, Confirmed: true, Created: true}
			ch.Items = append(ch.Items, s)
			ch.Follow = &s
			return tea.Batch(g.saveSoon(it.Kind), note("created #%s %s", it.ShortID(), title))
		}
		return note("created #%s %s", it.ShortID(), title)
	case store.OutcomeQueued:
		if NeedsLogin(cause) {
			return g.authExpired()
		}
		if say {
			return note("%q waits to be created: %s", title, reason(cause))
		}
	case store.OutcomeFailed:
		g.failedCreates = append(g.failedCreates, res.Edit)
		return g.report(common.Advise(i18n.T("press R to try again"), fmt.Errorf(i18n.T("could not create %q: %w"), title, cause)))
	}
	return nil
}
