package board

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// openHistory asks the root to show this session's changes (U), with the
// titles of their items.
func (m *Model) openHistory() tea.Cmd {
	edits, session := m.ctx.Edits, m.ctx.Session
	if edits == nil {
		return m.report(engine.ErrNoOutbox)
	}
	return m.ctx.Tasks.Run(i18n.T("reading this session's changes"), func() tea.Msg {
		list, err := edits.History(session)
		return historyMsg{edits: list, err: err}
	})
}

// historyMsg carries this session's changes, read for the U view.
type historyMsg struct {
	edits []store.Edit
	err   error
}

// onHistory names the items of the changes and asks the root to show them.
func (m *Model) onHistory(msg historyMsg) tea.Cmd {
	if msg.err != nil {
		return m.report(fmt.Errorf(i18n.T("could not read this session's changes: %w"), msg.err))
	}
	return common.Cmd(common.OpenHistoryMsg{Edits: msg.edits, Titles: m.eng.Titles(msg.edits)})
}
