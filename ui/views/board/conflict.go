package board

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/ui/components/dialog"
	"triage/ui/engine"
	"triage/ui/i18n"
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
	what, mine, theirs := m.eng.FieldName(e.Kind, engine.FieldOf(e)), i18n.T(m.eng.ValueLabel(e, e.To)), i18n.T(m.eng.ValueLabel(e, e.Theirs))
	m.prompt = &prompt{kind: promptConflict, edit: e, Box: dialog.Box{
		Title: i18n.T("Changed meanwhile by someone else"),
		Lines: []string{
			title,
			i18n.Tf("Its %s is now %s; you set %s (it was %s when you changed it).", i18n.T(what), theirs, mine, i18n.T(m.eng.ValueLabel(e, e.From))),
		},
		Hint: i18n.Tf("m keep mine (%s) · t take theirs (%s) · esc later", mine, theirs),
	}}
	return m.note(i18n.Tf("%s was changed by someone else meanwhile: keep yours or theirs?", engine.Target(e)))
}
