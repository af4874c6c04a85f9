package board

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
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
func (m *Model) schedule() tea.Cmd {
	edits, user := m.ctx.Edits, m.ctx.User
	if edits == nil || user == "" {
		return nil
	}
	m.flushGen++
	gen := m.flushGen
	return func() tea.Msg {
		msg := scheduleMsg{gen: gen}
		pending, err := edits.Pending(user)
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
		msg.wait, msg.due, msg.err = edits.NextFlush(user)
		return msg
	}
}

// onSchedule shows the count and sets a timer for the next flush.
func (m *Model) onSchedule(msg scheduleMsg) tea.Cmd {
	if msg.gen != m.flushGen {
		return nil
	}
	if msg.err != nil {
		return m.report(msg.err)
	}
	m.waiting, m.conflictCount = msg.waiting, msg.conflicts
	if !msg.due || m.flushing {
		return nil
	}
	wait := max(msg.wait, minFlushWait)
	if m.flushIdle {
		wait = max(wait, idleFlushWait)
	}
	return m.after(wait, flushTickMsg{gen: msg.gen})
}

// flushNow flushes at once.
func (m *Model) flushNow() tea.Cmd {
	return common.Cmd(flushTickMsg{force: true})
}

// onFlushTick sends what is due, unless a newer schedule replaced the timer
// or a flush is running.
func (m *Model) onFlushTick(msg flushTickMsg) tea.Cmd {
	if msg.force {
		m.authAsked = false
	}
	if m.flushing || (!msg.force && msg.gen != m.flushGen) {
		return nil
	}
	edits, user, ctx := m.ctx.Edits, m.ctx.User, m.ctx.Request()
	if edits == nil || user == "" {
		return nil
	}
	m.flushing = true
	tasks := m.ctx.Tasks
	task := tasks.Start("sending waiting edits")
	return func() tea.Msg {
		defer tasks.Done(task)
		results, err := edits.Flush(ctx, user)
		return flushedMsg{results: results, err: err}
	}
}

// onFlushed applies the results of a flush and schedules the next one.
func (m *Model) onFlushed(msg flushedMsg) tea.Cmd {
	m.flushing = false
	m.flushIdle = len(msg.results) == 0
	cmds := make([]tea.Cmd, 0, len(msg.results)+3)
	sentN := 0
	for _, r := range msg.results {
		cmds = append(cmds, m.onResult(0, r, nil, false))
		if r.Outcome == store.OutcomeSent || r.Outcome == store.OutcomeApplied {
			sentN++
		}
	}
	switch {
	case needsLogin(msg.err):
		cmds = append(cmds, m.authExpired())
	case msg.err != nil:
		cmds = append(cmds, m.report(msg.err))
	case sentN == 1:
		cmds = append(cmds, m.note("sent 1 waiting edit"))
	case sentN > 1:
		cmds = append(cmds, m.note("sent %d waiting edits", sentN))
	}
	cmds = append(cmds, m.schedule())
	if len(msg.results) > 0 {
		cmds = append(cmds, common.Cmd(common.EditsChangedMsg{}))
	}
	return tea.Batch(cmds...)
}

// startEdits reads the edits an earlier run left in the outbox, to show them
// on their cards, then flushes them.
func (m *Model) startEdits() tea.Cmd {
	edits, user, ws := m.ctx.Edits, m.ctx.User, m.ws
	if edits == nil || user == "" {
		return nil
	}
	return func() tea.Msg {
		pending, err := edits.Pending(user)
		return pendingMsg{ws: ws, edits: pending, err: err}
	}
}

// onPending lays the edits of an earlier run over their cards, asks about
// their conflicts, and flushes the rest.
func (m *Model) onPending(msg pendingMsg) tea.Cmd {
	if msg.err != nil {
		return tea.Batch(m.report(msg.err), m.flushNow())
	}
	for _, pe := range msg.edits {
		if pe.Op == store.OpCreate || pe.WorkspaceID != msg.ws || msg.ws != m.ws {
			continue
		}
		e, ok := m.edits[pe.ItemID]
		if !ok {
			e = &edit{ws: pe.WorkspaceID, kind: pe.Kind, id: pe.ItemID, base: api.Item{Kind: pe.Kind, ID: pe.ItemID}}
			if i, found := m.sets[pe.Kind].find(pe.ItemID); found {
				e.base = m.sets[pe.Kind].items[i]
			}
			m.edits[pe.ItemID] = e
		}
		if e.kind != pe.Kind {
			continue
		}
		c := &change{to: pe.To, seq: pe.Seq, edit: pe}
		if pe.State == store.StateConflict {
			c.state = changeConflict
			m.conflicts = appendConflict(m.conflicts, pe)
		}
		*e.field(pe.Op) = c
		m.show(e)
	}
	return tea.Batch(m.askConflict(), m.flushNow())
}
