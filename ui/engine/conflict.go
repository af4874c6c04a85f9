package engine

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/i18n"
)

// resolvedMsg is the outbox's answer to take theirs (keep mine answers with
// a sentMsg, as it sends the edit again).
type resolvedMsg struct {
	edit store.Edit
	mine bool
	err  error
}

// Conflict is the oldest edit in conflict waiting for keep mine or take
// theirs; false when none waits.
func (g *Engine) Conflict() (store.Edit, bool) {
	if len(g.conflicts) == 0 {
		return store.Edit{}, false
	}
	return g.conflicts[0], true
}

// Resolve answers a conflict: keep mine sends the edit again, over the other
// change; take theirs drops it and the card shows the other change.
func (g *Engine) Resolve(e store.Edit, mine bool) tea.Cmd {
	g.conflicts = removeSeq(g.conflicts, e.Seq)
	out, ctx := g.ctx.Edits, g.ctx.Waiting(g.ctx.Request(), i18n.Tf("saving %s", Target(e)), 1)
	var ch ChangedMsg
	if ed, ok := g.find(e.Kind, e.ItemID); ok {
		if c := ed.fields[fieldOf(e.Op)]; c != nil && c.seq == e.Seq {
			c.state = Pending
			g.show(&ch, ed, false)
		}
	}
	if mine {
		id := g.startRun(&run{origin: fromKey})
		return tea.Batch(g.changed(ch), g.ctx.Tasks.Run(i18n.Tf("saving %s", Target(e)), func() tea.Msg {
			kept, err := out.KeepMine(e.Seq)
			if err != nil {
				return resolvedMsg{edit: e, mine: true, err: err}
			}
			return sentMsg{run: id, results: sendAll(ctx, out, []queued{{edit: kept, added: true}})}
		}))
	}
	return tea.Batch(g.changed(ch), g.ctx.Tasks.Run(i18n.Tf("taking the other change of %s", Target(e)), func() tea.Msg {
		taken, err := out.TakeTheirs(e.Seq)
		if err != nil {
			return resolvedMsg{edit: e, err: err}
		}
		return resolvedMsg{edit: taken}
	}))
}

// onResolved shows the other change on the card once the user took it.
func (g *Engine) onResolved(msg resolvedMsg) tea.Cmd {
	e := msg.edit
	switch {
	case msg.err != nil && msg.mine:
		return tea.Batch(g.report(fmt.Errorf(i18n.T("could not send your change of %s again: %w"), Target(e), msg.err)), g.schedule())
	case msg.err != nil:
		return tea.Batch(g.report(fmt.Errorf(i18n.T("could not drop your change of %s: %w"), Target(e), msg.err)), g.schedule())
	}
	g.discarded(e)
	var ch ChangedMsg
	if ed, ok := g.find(e.Kind, e.ItemID); ok {
		if c := ed.fields[fieldOf(e.Op)]; c != nil && c.seq == e.Seq {
			if c.theirs.ID != "" {
				ed.base, ed.known = Merge(ed.base, c.theirs), true
			}
			g.drop(&ch, ed, fieldOf(e.Op))
		}
	}
	return tea.Batch(g.changed(ch), note("took the other change of %s: %s", Target(e), g.ValueLabel(e, e.Theirs)), g.schedule())
}

func removeSeq(s []store.Edit, seq uint64) []store.Edit {
	out := s[:0]
	for _, e := range s {
		if e.Seq != seq {
			out = append(out, e)
		}
	}
	return out
}
