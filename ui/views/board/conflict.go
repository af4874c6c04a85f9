package board

import (
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
	title, lines, hint := m.eng.ConflictQuestion(e)
	m.prompt = &prompt{kind: promptConflict, edit: e, Box: dialog.Box{Title: title, Lines: lines, Hint: hint}}
	return m.note(i18n.Tf("%s was changed by someone else meanwhile: keep yours or theirs?", engine.Target(e)))
}
