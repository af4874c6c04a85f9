package ui

import (
	tea "charm.land/bubbletea/v2"

	"triage/auth"
	"triage/ui/common"
	"triage/ui/views/mywork"
)

// openMyWork puts my work across workspaces over the board (W); an API
// account, which is no person, has none.
func (m *Model) openMyWork() tea.Cmd {
	if m.ctx.Method == string(auth.MethodBasic) {
		return common.Cmd(common.StatusMsg{Err: common.ErrAPIAccountMyWork})
	}
	return m.push(mywork.New(m.ctx, m.engine))
}
