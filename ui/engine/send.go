package engine

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/common"
	"triage/ui/i18n"
)

// queued is an outbox edit on its way from an intent to the service.
type queued struct {
	token uint64
	edit  store.Edit
	added bool // already in the outbox (keep mine); else Add it first
}

// sent is what became of one queued edit: the outbox's result, or why it
// could not even be queued (Result.Edit.Seq is then 0).
type sent struct {
	token uint64
	res   store.Result
	err   error
}

// sentMsg carries the results of the edits of one run.
type sentMsg struct {
	run     uint64
	results []sent
}

// send queues the edits of a run in the outbox, then sends them together,
// as one task: the bbolt writes and the requests happen in the command,
// never in Update.
func (g *Engine) send(r *run, batch []queued) tea.Cmd {
	label := i18n.Tf("saving %s", Target(batch[0].edit))
	if len(batch) > 1 && batch[0].edit.ItemID != batch[len(batch)-1].edit.ItemID {
		label = i18n.Tf("saving %d edits", len(batch))
	}
	if r.label != "" {
		label = r.label
	}
	id := g.startRun(r)
	out := g.ctx.Edits
	ctx := g.ctx.Waiting(g.ctx.Request(), label, len(batch))
	return g.ctx.Tasks.Run(label, func() tea.Msg {
		return sentMsg{run: id, results: sendAll(ctx, out, batch)}
	})
}

// outbox is what a send needs of the outbox.
type outbox interface {
	common.EditQueue
	common.EditSender
}

// sendAll adds each edit to the outbox, then sends them together: the
// outbox reads their items first (in one request for a bulk change) and
// writes only those that still hold what the user saw. An edit that could
// not be added is reported as failed, never sent.
func sendAll(ctx context.Context, out outbox, batch []queued) []sent {
	res := make([]sent, 0, len(batch))
	var (
		toSend []store.Edit
		slots  []int // res's index of each edit of toSend
	)
	for _, q := range batch {
		e := q.edit
		if !q.added {
			added, err := out.Add(e)
			if err != nil {
				res = append(res, sent{token: q.token, res: store.Result{Edit: e, Outcome: store.OutcomeFailed}, err: fmt.Errorf(i18n.T("could not queue the edit of %s: %w"), Target(e), err)})
				continue
			}
			e = added
		}
		slots = append(slots, len(res))
		toSend = append(toSend, e)
		res = append(res, sent{token: q.token, res: store.Result{Edit: e}})
	}
	if len(toSend) == 0 {
		return res
	}
	results, err := out.SendAll(ctx, toSend)
	for k, i := range slots {
		if k < len(results) {
			res[i].res = results[k]
		}
		if res[i].res.Edit.Seq == 0 {
			res[i].res.Edit = toSend[k]
		}
		if r := res[i].res; r.Err == nil && r.Outcome != store.OutcomeSent && r.Outcome != store.OutcomeApplied {
			// Not tried (the send stopped at an error), or the outbox failed: it waits there.
			res[i].err = err
		}
	}
	return res
}

// onSent takes the results of a run.
func (g *Engine) onSent(msg sentMsg) tea.Cmd {
	r := g.runs[msg.run]
	delete(g.runs, msg.run)
	if r == nil {
		r = &run{}
	}
	var ch ChangedMsg
	cmds := make([]tea.Cmd, 0, len(msg.results)+3)
	for _, s := range msg.results {
		cmds = append(cmds, g.onResult(&ch, r, s.token, s.res, s.err), r.reply(s))
	}
	cmds = append(cmds, r.summary(msg.results, g.report), g.undoNowSaved())
	g.flushIdle = false
	cmds = append(cmds, g.changed(ch), g.schedule(), common.Cmd(common.EditsChangedMsg{}))
	return tea.Batch(cmds...)
}
