package engine

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/i18n"
)

// Comments are appends: they go through the outbox like every edit (kept
// offline, looked for on the service before a resend, so never doubled),
// but change no card, need no conflict check and are no step of undo.

// CommentMsg asks the engine to add a comment (HTML) to an item, from a view
// that has no engine at hand (the comment composer).
type CommentMsg struct {
	Kind api.Kind
	Item api.Item
	Text string
}

// Comment queues a comment on an item and sends it.
func (g *Engine) Comment(kind api.Kind, it api.Item, text string) tea.Cmd {
	if g.ctx.Edits == nil {
		return g.report(ErrNoOutbox)
	}
	if strings.TrimSpace(text) == "" {
		return note("nothing to send: the comment is empty")
	}
	if IsLocalID(it.ID) {
		return sayNotCreated(it)
	}
	g.token++
	g.whole.forget(editKey{kind, it.ID}) // read whole again, its comments with it
	return g.send(&run{origin: fromKey}, []queued{{token: g.token, edit: g.commentFor(kind, it, text)}})
}

// commentFor is the outbox edit of a comment on an item.
func (g *Engine) commentFor(kind api.Kind, it api.Item, text string) store.Edit {
	return store.Edit{
		Session: g.ctx.Session, Service: g.ctx.ServiceURL, User: g.ctx.User,
		WorkspaceID: g.ws, WorkspaceName: string(g.ctx.Workspace.Name), Kind: kind, Op: store.OpComment,
		ItemID: it.ID, ItemTitle: it.Title, To: text,
	}
}

// onCommented says what became of a comment; unless say, only a login
// that expired is said (a bulk edit's summary counts its comments).
func (g *Engine) onCommented(res store.Result, err error, say bool) tea.Cmd {
	cause := res.Err
	if cause == nil {
		cause = err
	}
	if !say && !(res.Outcome == store.OutcomeQueued && NeedsLogin(cause)) {
		return nil
	}
	switch res.Outcome {
	case store.OutcomeSent, store.OutcomeApplied:
		return tell(g.said(res.Edit, res.Edit.ItemID))
	case store.OutcomeQueued:
		if NeedsLogin(cause) {
			return g.authExpired()
		}
		return note("the comment on %s waits to be sent", Target(res.Edit))
	case store.OutcomeFailed:
		return g.report(fmt.Errorf(i18n.T("could not add the comment on %s: %w"), Target(res.Edit), cause))
	}
	return nil
}
