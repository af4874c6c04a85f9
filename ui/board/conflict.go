package board

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/workspace"
)

// askConflict opens the prompt of the oldest conflict waiting for an answer,
// unless a prompt is open.
func (m *Model) askConflict() tea.Cmd {
	e, ok := m.eng.Conflict()
	if m.prompt != nil || !ok {
		return nil
	}
	title := e.Target()
	if d := m.sets[e.Kind]; e.WorkspaceID == m.ws {
		if i, ok := d.find(e.ItemID); ok {
			title = fmt.Sprintf("#%s %s", d.items[i].ShortID(), d.items[i].Title)
		}
	}
	what, mine, theirs := "priority", m.eng.ValueLabel(e, e.To), m.eng.ValueLabel(e, e.Theirs)
	if e.Op == store.OpTitle {
		what = "title"
	}
	m.prompt = &prompt{
		kind:  promptConflict,
		title: "Changed meanwhile by someone else",
		lines: []string{
			title,
			fmt.Sprintf("Its %s is now %s; you set %s (it was %s when you changed it).", what, theirs, mine, m.eng.ValueLabel(e, e.From)),
		},
		hint: fmt.Sprintf("m keep mine (%s) · t take theirs (%s) · esc later", mine, theirs),
		edit: e,
	}
	return m.note("%s was changed by someone else meanwhile: keep yours or theirs?", workspace.Target(e))
}
