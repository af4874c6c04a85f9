package board

import tea "charm.land/bubbletea/v2"

// onViewKey opens the saved view bound to a key.
func (m *Model) onViewKey(k string) tea.Cmd {
	return nil
}
