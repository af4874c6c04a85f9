package board

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
)

// undo undoes the last priority change of this session still undone: it puts
// the old priority back as a new edit, and the card moves back at once.
// The outbox links the two before undo returns, so the next u walks one
// change further back.
func (m *Model) undo() tea.Cmd {
	edits := m.ctx.Edits
	if edits == nil {
		return m.report(errNoOutbox)
	}
	orig, ok, err := edits.LastUndoable(m.ctx.Session)
	switch {
	case err != nil:
		return m.report(fmt.Errorf("could not read this session's changes: %w", err))
	case !ok:
		return m.note("nothing to undo: no priority change of this session is left")
	}
	d := m.sets[orig.Kind]
	i, here := d.find(orig.ItemID)
	here = here && orig.WorkspaceID == m.ws
	seen := ""
	if here {
		seen = d.items[i].Modified
	}
	added, err := edits.Add(store.UndoOf(orig, seen))
	if err != nil {
		return m.report(fmt.Errorf("could not undo the change of #%s: %w", shortID(orig.ItemID), err))
	}
	var cmds []tea.Cmd
	m.editSeq++
	q := queued{token: m.editSeq, edit: added, added: true}
	if here {
		if d != m.cur() {
			cmds = append(cmds, m.switchTab(orig.Kind))
		}
		q = m.stage(d, i, store.OpPriority, orig.From)
		m.follow(i) // the cursor goes with the card whose change is undone
		q.edit, q.added = added, true
		c := *m.edits[orig.ItemID].field(store.OpPriority)
		c.edit, c.seq = added, added.Seq
	}
	cmds = append(cmds, m.send(q), m.note("undid #%s: %s → %s", shortID(orig.ItemID),
		m.priorityLabel(orig.Kind, orig.To), m.priorityLabel(orig.Kind, orig.From)))
	return tea.Batch(cmds...)
}

// openHistory asks the root to show this session's changes, with the
// titles of their items.
func (m *Model) openHistory() tea.Cmd {
	edits, session := m.ctx.Edits, m.ctx.Session
	if edits == nil {
		return m.report(errNoOutbox)
	}
	return func() tea.Msg {
		list, err := edits.History(session)
		return historyMsg{edits: list, err: err}
	}
}

// historyMsg carries this session's changes, read for the U view.
type historyMsg struct {
	edits []store.Edit
	err   error
}

// onHistory names the items of the changes and asks the root to show them.
func (m *Model) onHistory(msg historyMsg) tea.Cmd {
	if msg.err != nil {
		return m.report(fmt.Errorf("could not read this session's changes: %w", msg.err))
	}
	return common.Cmd(common.OpenHistoryMsg{Edits: msg.edits, Titles: m.titles(msg.edits)})
}

// titles are the titles of the items the edits change, as the board shows
// them: one pass over each kind's items.
func (m *Model) titles(list []store.Edit) map[string]string {
	want := make(map[api.Kind]map[string]bool)
	for _, e := range list {
		id := e.ItemID
		if e.Op == store.OpCreate {
			id = e.ResultItemID
		}
		if id == "" || e.WorkspaceID != m.ws {
			continue
		}
		if want[e.Kind] == nil {
			want[e.Kind] = make(map[string]bool)
		}
		want[e.Kind][id] = true
	}
	titles := make(map[string]string)
	for k, ids := range want {
		d := m.sets[k]
		for i := range d.items {
			if ids[d.items[i].ID] {
				titles[d.items[i].ID] = d.items[i].Title
			}
		}
	}
	return titles
}
