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

// onResult applies what became of one edit: to its card (told in ch), the
// step it belongs to, and the status line as the run says. token is the
// queuing's (0 for a flush or keep mine).
func (g *Engine) onResult(ch *ChangedMsg, r *run, token uint64, res store.Result, err error) tea.Cmd {
	say := r.says()
	g.recordStep(token, res)
	if res.Outcome == "" {
		// Send could not even look at the outbox; the edit waits there.
		if err == nil {
			return nil
		}
		return g.report(fmt.Errorf(i18n.T("%s waits in the outbox: %w"), Target(res.Edit), err))
	}
	switch res.Edit.Op {
	case store.OpCreate:
		return g.onCreated(ch, token, res, err, say)
	case store.OpComment:
		return g.onCommented(res, err, say)
	}
	cause := res.Err
	if cause == nil {
		cause = err
	}
	f := fieldOf(res.Edit.Op)
	e, ok := g.find(res.Edit.Kind, res.Edit.ItemID)
	var c *change
	if ok {
		c = e.fields[f]
		if c != nil && token != 0 && c.token == token && res.Edit.Seq != 0 {
			c.seq = res.Edit.Seq
		}
		if c != nil && (token == 0 || c.token != token) && (c.seq == 0 || c.seq != res.Edit.Seq) {
			c = nil // an older edit of the field: it only tells what the service holds
		}
	}
	if c != nil {
		c.edit = res.Edit
	}
	switch res.Outcome {
	case store.OutcomeSent, store.OutcomeApplied:
		return g.confirmed(ch, e, c, res, say && r.origin != fromUndo)
	case store.OutcomeQueued:
		if c != nil {
			c.state, c.err = Pending, cause
		}
		switch {
		case NeedsLogin(cause):
			return g.authExpired()
		case say && cause != nil:
			return note("%s waits to be sent: %s", Target(res.Edit), reason(cause))
		}
		return nil
	case store.OutcomeConflict:
		if c != nil {
			c.state, c.theirs = Conflict, res.Item
			g.show(ch, e, false)
		}
		g.conflicts = appendConflict(g.conflicts, res.Edit)
		ch.Conflicts = true
		return nil
	case store.OutcomeFailed:
		var again tea.Cmd
		if res.Edit.WorkspaceID == g.ws {
			again = g.refused(res.Edit.Kind, f) // what it was checked against is read again
		}
		if c == nil {
			return again
		}
		c.state, c.err = Failed, cause
		g.show(ch, e, false)
		if !say {
			return again
		}
		return tea.Batch(again, g.report(common.Advise(i18n.T("press R to send it again"), fmt.Errorf(i18n.T("could not save %s: %w"), Target(res.Edit), cause))))
	case store.OutcomeDiscarded:
		if c != nil {
			g.drop(ch, e, f)
		}
	}
	return nil
}

// confirmed applies an edit the service confirmed: the card takes the
// service's item, and the change is done when it was the latest.
func (g *Engine) confirmed(ch *ChangedMsg, e *edit, c *change, res store.Result, say bool) tea.Cmd {
	id := res.Edit.ItemID
	save := g.saveSoon(res.Edit.Kind)
	switch {
	case e == nil:
		// An edit of an earlier run, or of another view: show the service's item.
		if res.Item.ID != "" {
			it := res.Item
			it.Kind = res.Edit.Kind
			sh := Shown{Kind: res.Edit.Kind, Item: it, Confirmed: true, Answer: fieldOf(res.Edit.Op)}
			if res.Edit.WorkspaceID == g.ws {
				ch.Items = append(ch.Items, sh)
			} else {
				ch.Elsewhere = append(ch.Elsewhere, sh)
			}
		}
	default:
		if res.Item.ID != "" {
			e.base, e.known = mergeAnswer(e.base, res), true
		}
		if c != nil {
			delete(e.fields, fieldOf(res.Edit.Op))
			g.forget(e)
		}
		g.show(ch, e, true)
	}
	if !say || res.Edit.Undoes != 0 {
		return save // an undo's note ("undid …") stays
	}
	return tea.Batch(save, tell(g.said(res.Edit, id)))
}

// show tells the views an edit's item as the edit leaves it now;
// confirmed says the service took a change of it.
func (g *Engine) show(ch *ChangedMsg, e *edit, confirmed bool) api.Item {
	it := e.apply(e.base)
	sh := Shown{Kind: e.kind, Item: it, Confirmed: confirmed, lay: !e.known}
	if e.ws == g.ws {
		ch.Items = append(ch.Items, sh)
	} else {
		ch.Elsewhere = append(ch.Elsewhere, sh)
	}
	return it
}

// drop ends the change of a field of an edit, and the card shows what is left.
func (g *Engine) drop(ch *ChangedMsg, e *edit, f Field) {
	delete(e.fields, f)
	g.forget(e)
	g.show(ch, e, false)
}

// forget ends an edit without changes left: the card is the service's item.
func (g *Engine) forget(e *edit) {
	if len(e.fields) == 0 && g.edits[editKey{e.kind, e.id}] == e {
		delete(g.edits, editKey{e.kind, e.id})
	}
}

// authExpired asks the root for a new login, once, then flushes the outbox.
func (g *Engine) authExpired() tea.Cmd {
	if g.authAsked {
		return nil
	}
	g.authAsked = true
	return common.Cmd(common.AuthExpiredMsg{Retry: common.Cmd(flushTickMsg{gen: 0, force: true})})
}

// mergeAnswer lays the answer to a write over the item shown. The answer to
// a priority write is the whole item, so its priority is taken as it is,
// empty included: that is how a cleared priority shows.
func mergeAnswer(shown api.Item, res store.Result) api.Item {
	out := Merge(shown, res.Item)
	if res.Item.ID != shown.ID {
		return out
	}
	switch res.Edit.Op {
	case store.OpPriority:
		out.PriorityLabel, out.Priority = res.Item.PriorityLabel, res.Item.Priority
	case store.OpOwner:
		out.Owner = res.Item.Owner // no owner left shows as none
	case store.OpIteration:
		out.IterationID = res.Item.IterationID
	}
	return out
}

// Merge lays the service's answer over the item as shown: the answer wins
// for every field it carries, so the card shows what the service stored
// (and an answer that omits fields does not blank them).
func Merge(shown, answer api.Item) api.Item {
	if answer.ID != shown.ID {
		return shown
	}
	out := shown
	from := answer.Texts()
	for k, dst := range out.Texts() {
		if *from[k] != "" {
			*dst = *from[k]
		}
	}
	if answer.Extra != nil {
		out.Extra = answer.Extra
	}
	return out
}

// reason is the short cause of a failure, for summaries.
func reason(err error) string {
	if err == nil {
		return ""
	}
	s := err.Error()
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// appendConflict adds an edit in conflict, once.
func appendConflict(s []store.Edit, e store.Edit) []store.Edit {
	for i := range s {
		if s[i].Seq == e.Seq {
			s[i] = e
			return s
		}
	}
	return append(s, e)
}

// NeedsLogin reports whether an error means the credential is no longer valid.
func NeedsLogin(err error) bool {
	k := api.KindOf(err)
	return k == api.ErrTokenExpired || k == api.ErrCredentials
}
