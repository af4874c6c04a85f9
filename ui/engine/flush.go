package engine

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/i18n"
)

// Waits between flushes of the outbox: never closer than minFlushWait, and
// idleFlushWait after a flush that found nothing it could send (an edit held
// behind another of the same item).
const (
	minFlushWait  = 100 * time.Millisecond
	idleFlushWait = 5 * time.Second
)

// scheduleMsg says what waits in the outbox and when the next edit is due.
type scheduleMsg struct {
	gen       uint64
	waiting   int
	conflicts int
	wait      time.Duration
	due       bool
	rest      rest
	err       error
}

// flushTickMsg is the time to flush; force flushes whatever the generation
// (after a new login).
type flushTickMsg struct {
	gen   uint64
	force bool
}

// flushedMsg carries the results of a flush.
type flushedMsg struct {
	results []store.Result
	err     error
}

// pendingMsg carries the edits an earlier run left in the outbox.
type pendingMsg struct {
	ws    int64
	edits []store.Edit
	err   error
}

// schedule asks the outbox what waits and when, to show the count and set
// the next flush. Only the latest schedule counts.
func (g *Engine) schedule() tea.Cmd {
	out, user := g.ctx.Edits, g.ctx.User
	if out == nil || user == "" {
		return nil
	}
	g.flushGen++
	gen := g.flushGen
	return g.ctx.Tasks.Run(i18n.T("counting waiting edits"), func() tea.Msg {
		msg := scheduleMsg{gen: gen}
		pending, err := out.Pending(user)
		if err != nil {
			msg.err = err
			return msg
		}
		for _, e := range pending {
			switch {
			case e.State == store.StateConflict:
				msg.conflicts++
			case e.State == store.StateSending && e.LastError == "":
				// on its way for the first time: not waiting
			default:
				msg.waiting++
			}
		}
		msg.wait, msg.due, msg.err = out.NextFlush(user)
		if left, why, ok := out.Resting(user); ok {
			msg.rest = rest{until: time.Now().Add(left), why: why}
		}
		return msg
	})
}

// onSchedule shows the count and sets a timer for the next flush.
func (g *Engine) onSchedule(msg scheduleMsg) tea.Cmd {
	if msg.gen != g.flushGen {
		return nil
	}
	if msg.err != nil {
		return g.report(msg.err)
	}
	g.waiting, g.conflictCount = msg.waiting, msg.conflicts
	restTick := g.onRest(msg.rest)
	if !msg.due || g.flushing {
		return restTick
	}
	wait := max(msg.wait, minFlushWait)
	if g.flushIdle {
		wait = max(wait, idleFlushWait)
	}
	return tea.Batch(restTick, g.After(wait, flushTickMsg{gen: msg.gen}))
}

// FlushNow flushes the outbox at once.
func (g *Engine) FlushNow() tea.Cmd {
	return common.Cmd(flushTickMsg{force: true})
}

// onFlushTick sends what is due, unless a newer schedule replaced the timer
// or a flush is running.
func (g *Engine) onFlushTick(msg flushTickMsg) tea.Cmd {
	if msg.force {
		g.authAsked = false
	}
	if g.flushing || (!msg.force && msg.gen != g.flushGen) {
		return nil
	}
	out, user := g.ctx.Edits, g.ctx.User
	if out == nil || user == "" {
		return nil
	}
	g.flushing = true
	task := i18n.T("sending waiting edits")
	ctx := g.ctx.Waiting(g.ctx.Request(), task, max(g.waiting, 1))
	return g.ctx.Tasks.Run(task, func() tea.Msg {
		results, err := out.Flush(ctx, user)
		return flushedMsg{results: results, err: err}
	})
}

// onFlushed applies the results of a flush and schedules the next one.
func (g *Engine) onFlushed(msg flushedMsg) tea.Cmd {
	g.flushing = false
	g.flushIdle = len(msg.results) == 0
	var ch ChangedMsg
	cmds := make([]tea.Cmd, 0, len(msg.results)+4)
	sentN := 0
	flush := &run{origin: fromFlush}
	for _, r := range msg.results {
		g.sentHere(r)
		cmds = append(cmds, g.onResult(&ch, flush, 0, r, nil))
		if r.Outcome == store.OutcomeSent || r.Outcome == store.OutcomeApplied {
			sentN++
		}
	}
	switch {
	case NeedsLogin(msg.err):
		cmds = append(cmds, g.authExpired())
	case msg.err != nil:
		cmds = append(cmds, g.report(msg.err))
	}
	g.waiting = max(g.waiting-sentN, 0) // until the next count: never "4 edits waiting · sent 4 waiting edits"
	switch {
	case NeedsLogin(msg.err), msg.err != nil:
	case sentN == 1:
		cmds = append(cmds, note("sent 1 waiting edit"))
	case sentN > 1:
		cmds = append(cmds, note("sent %d waiting edits", sentN))
	}
	cmds = append(cmds, g.changed(ch), g.schedule())
	if len(msg.results) > 0 {
		cmds = append(cmds, common.Cmd(common.EditsChangedMsg{}))
	}
	return tea.Batch(cmds...)
}

// startEdits reads the edits an earlier run left in the outbox, to show them
// on their cards, then flushes them.
func (g *Engine) startEdits() tea.Cmd {
	out, user, ws := g.ctx.Edits, g.ctx.User, g.ws
	if out == nil || user == "" {
		return nil
	}
	return g.ctx.Tasks.Run(i18n.T("reading waiting edits"), func() tea.Msg {
		pending, err := out.Pending(user)
		return pendingMsg{ws: ws, edits: pending, err: err}
	})
}

// onPending lays the edits of an earlier run over their cards, asks about
// their conflicts, and flushes the rest. The card of an item the engine has
// not seen yet gets its edit when a view lays the item (Lay).
func (g *Engine) onPending(msg pendingMsg) tea.Cmd {
	if msg.err != nil {
		return tea.Batch(g.report(msg.err), g.FlushNow())
	}
	var ch ChangedMsg
	for _, pe := range msg.edits {
		if pe.WorkspaceID != msg.ws || msg.ws != g.ws {
			continue
		}
		if pe.Op == store.OpCreate {
			if g.provFor(0, pe.Seq) == nil {
				g.stand(&ch, pe, 0, false)
			}
			continue
		}
		e, ok := g.find(pe.Kind, pe.ItemID)
		if !ok {
			e = g.editOf(pe.Kind, api.Item{Kind: pe.Kind, ID: pe.ItemID})
			e.known = false
		}
		c := &change{to: pe.To, seq: pe.Seq, edit: pe}
		if pe.State == store.StateConflict {
			c.state = Conflict
			g.conflicts = appendConflict(g.conflicts, pe)
			ch.Conflicts = true
		}
		e.fields[fieldOf(pe.Op)] = c
		ch.Items = append(ch.Items, Shown{Kind: e.kind, Item: e.apply(e.base), lay: true})
	}
	return tea.Batch(g.changed(ch), g.FlushNow())
}
