package board

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
)

// sent is what became of one queued edit: the outbox's result, or why it
// could not even be queued (Result.Edit.Seq is then 0).
type sent struct {
	token uint64
	res   store.Result
	err   error
}

// sentMsg carries the results of edits sent from the board; bulk names the
// bulk edit they belong to (0: none).
type sentMsg struct {
	bulk    uint64
	results []sent
}

// send queues edits in the outbox (unless already there), then sends them
// one after the other, as one task.
func (m *Model) send(batch ...queued) tea.Cmd {
	label := "saving " + target(batch[0].edit)
	if len(batch) > 1 && batch[0].edit.ItemID != batch[len(batch)-1].edit.ItemID {
		label = fmt.Sprintf("saving %d edits", len(batch))
	}
	tasks := m.ctx.Tasks
	task := tasks.Start(label)
	run := m.sendCmd(0, batch)
	return func() tea.Msg {
		defer tasks.Done(task)
		return run()
	}
}

// sendCmd is send without a task (bulk edits count their own).
func (m *Model) sendCmd(bulk uint64, batch []queued) tea.Cmd {
	edits, ctx := m.ctx.Edits, m.ctx.Request()
	return func() tea.Msg {
		return sentMsg{bulk: bulk, results: sendAll(ctx, edits, batch)}
	}
}

// sendAll adds each edit to the outbox, then sends them together: the
// outbox reads their items first (in one request for a bulk change) and
// writes only those that still hold what the user saw. An edit that could
// not be added is reported as failed, never sent.
func sendAll(ctx context.Context, edits common.Edits, batch []queued) []sent {
	out := make([]sent, 0, len(batch))
	var (
		toSend []store.Edit
		slots  []int // out's index of each edit of toSend
	)
	for _, q := range batch {
		e := q.edit
		if !q.added {
			added, err := edits.Add(e)
			if err != nil {
				out = append(out, sent{token: q.token, res: store.Result{Edit: e, Outcome: store.OutcomeFailed}, err: fmt.Errorf("could not queue the edit of %s: %w", target(e), err)})
				continue
			}
			e = added
		}
		slots = append(slots, len(out))
		toSend = append(toSend, e)
		out = append(out, sent{token: q.token, res: store.Result{Edit: e}})
	}
	if len(toSend) == 0 {
		return out
	}
	results, err := edits.SendAll(ctx, toSend)
	for k, i := range slots {
		if k < len(results) {
			out[i].res = results[k]
		}
		if out[i].res.Edit.Seq == 0 {
			out[i].res.Edit = toSend[k]
		}
		if r := out[i].res; r.Err == nil && r.Outcome != store.OutcomeSent && r.Outcome != store.OutcomeApplied {
			// Not tried (the send stopped at an error), or the outbox failed: it waits there.
			out[i].err = err
		}
	}
	return out
}

// target names an edit's item for the status line: "#1234" or "new bug".
func target(e store.Edit) string {
	if e.Op == store.OpCreate {
		return "new " + e.Kind.String()
	}
	return "#" + shortID(e.ItemID)
}

// onSent takes the results of edits sent from the board.
func (m *Model) onSent(msg sentMsg) tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(msg.results)+2)
	for _, s := range msg.results {
		cmds = append(cmds, m.onResult(s.token, s.res, s.err, msg.bulk == 0), m.queueResult(s.token, s.res, s.err))
	}
	if msg.bulk != 0 {
		cmds = append(cmds, m.bulkDone(msg.bulk, msg.results))
	}
	m.flushIdle = false
	cmds = append(cmds, m.schedule(), common.Cmd(common.EditsChangedMsg{}))
	return tea.Batch(cmds...)
}

// onResult applies what became of one edit: to its card, the waiting count,
// and (when say) the status line. token is the queuing's (0 for a flush).
func (m *Model) onResult(token uint64, res store.Result, err error, say bool) tea.Cmd {
	if res.Outcome == "" {
		// Send could not even look at the outbox; the edit waits there.
		if err == nil {
			return nil
		}
		return m.report(fmt.Errorf("%s waits in the outbox: %w", target(res.Edit), err))
	}
	if res.Edit.Op == store.OpCreate {
		return m.onCreated(token, res, err, say)
	}
	cause := res.Err
	if cause == nil {
		cause = err
	}
	e, ok := m.edits[res.Edit.ItemID]
	var c *change
	if ok && e.kind == res.Edit.Kind {
		c = *e.field(res.Edit.Op)
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
		return m.confirmed(e, c, res, say)
	case store.OutcomeQueued:
		if c != nil {
			c.state, c.err = changePending, cause
		}
		switch {
		case needsLogin(cause):
			return m.authExpired()
		case say && cause != nil:
			return m.note("%s waits to be sent: %s", target(res.Edit), reason(cause))
		}
		return nil
	case store.OutcomeConflict:
		if c != nil {
			c.state, c.theirs = changeConflict, res.Item
			m.show(e)
		}
		m.conflicts = appendConflict(m.conflicts, res.Edit)
		return m.askConflict()
	case store.OutcomeFailed:
		if c == nil {
			return nil
		}
		c.state, c.err = changeFailed, cause
		m.show(e)
		if !say {
			return nil
		}
		return m.report(fmt.Errorf("could not save %s (press R to send it again): %w", target(res.Edit), cause))
	case store.OutcomeDiscarded:
		if c != nil {
			m.drop(e, res.Edit.Op)
		}
	}
	return nil
}

// confirmed applies an edit the service confirmed: the card takes the
// service's item, and the change is done when it was the latest.
func (m *Model) confirmed(e *edit, c *change, res store.Result, say bool) tea.Cmd {
	id := res.Edit.ItemID
	m.unmark(res.Edit.Kind, id)
	save := m.saveSoon(res.Edit.Kind)
	if e == nil {
		// An edit of an earlier run, or of another view: show the service's item.
		if res.Edit.WorkspaceID == m.ws && res.Item.ID != "" {
			d := m.sets[res.Edit.Kind]
			if i, ok := d.find(id); ok {
				m.replaceKeeping(d, i, mergeAnswer(d.items[i], res))
			}
		}
	} else {
		if res.Item.ID != "" {
			e.base = mergeAnswer(e.base, res)
		}
		if c != nil {
			m.drop(e, res.Edit.Op)
		} else {
			m.show(e)
		}
	}
	if !say || res.Edit.Undoes != 0 {
		return save // an undo's note ("undid …") stays
	}
	return tea.Batch(save, m.note("%s", m.saidOf(res.Edit, id)))
}

// mergeAnswer lays the answer to a write over the item shown. The answer to
// a priority write is the whole item, so its priority is taken as it is,
// empty included: that is how a cleared priority shows.
func mergeAnswer(shown api.Item, res store.Result) api.Item {
	out := merge(shown, res.Item)
	if res.Edit.Op == store.OpPriority && res.Item.ID == shown.ID {
		out.PriorityLabel, out.Priority = res.Item.PriorityLabel, res.Item.Priority
	}
	return out
}

// saidOf is what the status line says of an edit the service took: the
// change itself, "#4 High → Low".
func (m *Model) saidOf(e store.Edit, id string) string {
	switch e.Op {
	case store.OpPriority:
		return fmt.Sprintf("#%s %s → %s", shortID(id), m.priorityLabel(e.Kind, e.From), m.priorityLabel(e.Kind, e.To))
	case store.OpTitle:
		return fmt.Sprintf("#%s renamed %q", shortID(id), e.To)
	}
	return fmt.Sprintf("#%s saved", shortID(id))
}

// drop ends the change of op of an edit; the edit ends with its last change.
func (m *Model) drop(e *edit, op store.EditOp) {
	*e.field(op) = nil
	if len(e.changes()) == 0 && m.edits[e.id] == e {
		delete(m.edits, e.id)
		if e.ws == m.ws {
			d := m.sets[e.kind]
			if i, ok := d.find(e.id); ok {
				m.replaceKeeping(d, i, e.base)
			}
		}
		return
	}
	m.show(e)
}

// authExpired asks the root for a new login, once, then flushes the outbox.
func (m *Model) authExpired() tea.Cmd {
	if m.authAsked {
		return nil
	}
	m.authAsked = true
	return common.Cmd(common.AuthExpiredMsg{Retry: common.Cmd(flushTickMsg{gen: 0, force: true})})
}

// waitingText says how many edits wait for the service: "3 edits waiting".
func waitingText(n int) string {
	if n == 1 {
		return "1 edit waiting"
	}
	return fmt.Sprintf("%d edits waiting", n)
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

// needsLogin reports whether an error means the credential is no longer valid.
func needsLogin(err error) bool {
	k := api.KindOf(err)
	return k == api.ErrTokenExpired || k == api.ErrCredentials
}
