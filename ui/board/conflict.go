package board

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/store"
)

// resolvedMsg is the outbox's answer to take theirs (keep mine answers with
// a sentMsg, as it sends the edit again).
type resolvedMsg struct {
	edit store.Edit
	mine bool
	err  error
}

// askConflict opens the prompt of the oldest conflict waiting for an answer,
// unless a prompt is open.
func (m *Model) askConflict() tea.Cmd {
	if m.prompt != nil || len(m.conflicts) == 0 {
		return nil
	}
	e := m.conflicts[0]
	title := e.Target()
	if d := m.sets[e.Kind]; e.WorkspaceID == m.ws {
		if i, ok := d.find(e.ItemID); ok {
			title = fmt.Sprintf("#%s %s", d.items[i].ShortID(), d.items[i].Title)
		}
	}
	what, mine, theirs := "priority", m.priorityLabel(e.Kind, e.To), m.priorityLabel(e.Kind, e.Theirs)
	if e.Op == store.OpTitle {
		what, mine, theirs = "title", fmt.Sprintf("%q", e.To), fmt.Sprintf("%q", e.Theirs)
	}
	m.prompt = &prompt{
		kind:  promptConflict,
		title: "Changed meanwhile by someone else",
		lines: []string{
			title,
			fmt.Sprintf("Its %s is now %s; you set %s (it was %s when you changed it).", what, theirs, mine, m.valueLabel(e, e.From)),
		},
		hint: fmt.Sprintf("m keep mine (%s) · t take theirs (%s) · esc later", mine, theirs),
		edit: e,
	}
	return m.note("%s was changed by someone else meanwhile: keep yours or theirs?", target(e))
}

// valueLabel shows a value of an edit's field.
func (m *Model) valueLabel(e store.Edit, v string) string {
	if e.Op == store.OpTitle {
		return fmt.Sprintf("%q", v)
	}
	return m.priorityLabel(e.Kind, v)
}

// resolve answers a conflict: keep mine sends the edit again, over the other
// change; take theirs drops it and the card shows the other change.
func (m *Model) resolve(e store.Edit, mine bool) tea.Cmd {
	m.conflicts = removeSeq(m.conflicts, e.Seq)
	edits, ctx := m.ctx.Edits, m.ctx.Request()
	if c := m.changeOf(e); c != nil {
		c.state = changePending
		if e2, ok := m.edits[e.ItemID]; ok {
			m.show(e2)
		}
	}
	tasks := m.ctx.Tasks
	if mine {
		task := tasks.Start("saving " + target(e))
		return func() tea.Msg {
			defer tasks.Done(task)
			kept, err := edits.KeepMine(e.Seq)
			if err != nil {
				return resolvedMsg{edit: e, mine: true, err: err}
			}
			res, err := edits.Send(ctx, kept)
			return sentMsg{results: []sent{{res: res, err: err}}}
		}
	}
	return func() tea.Msg {
		taken, err := edits.TakeTheirs(e.Seq)
		if err != nil {
			return resolvedMsg{edit: e, err: err}
		}
		return resolvedMsg{edit: taken}
	}
}

// onResolved shows the other change on the card once the user took it.
func (m *Model) onResolved(msg resolvedMsg) tea.Cmd {
	e := msg.edit
	switch {
	case msg.err != nil && msg.mine:
		return tea.Batch(m.report(fmt.Errorf("could not send your change of %s again: %w", target(e), msg.err)), m.schedule())
	case msg.err != nil:
		return tea.Batch(m.report(fmt.Errorf("could not drop your change of %s: %w", target(e), msg.err)), m.schedule())
	}
	if ed, ok := m.edits[e.ItemID]; ok && ed.kind == e.Kind {
		if c := *ed.field(e.Op); c != nil && c.seq == e.Seq {
			if c.theirs.ID != "" {
				ed.base = merge(ed.base, c.theirs)
			}
			m.drop(ed, e.Op)
		}
	}
	return tea.Batch(m.note("took the other change of %s: %s", target(e), m.valueLabel(e, e.Theirs)), m.schedule())
}

// changeOf is the board's change that carries an outbox edit, or nil.
func (m *Model) changeOf(e store.Edit) *change {
	ed, ok := m.edits[e.ItemID]
	if !ok || ed.kind != e.Kind {
		return nil
	}
	if c := *ed.field(e.Op); c != nil && c.seq == e.Seq {
		return c
	}
	return nil
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
