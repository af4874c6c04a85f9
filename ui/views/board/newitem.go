package board

import (
	"slices"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
)

// newItem opens the editor on a new item of the kind on screen, with the
// fields its workspace's creation step asks for; the first time for the
// kind they are read, and the editor opens when they arrive.
func (m *Model) newItem() tea.Cmd {
	fields, known, read := m.eng.CreateFields(m.tab)
	if !known {
		return read
	}
	return m.openNew(m.tab, fields)
}

// onCreateFieldsRead opens the editor that waited for the fields of a new
// item, when its kind is still on screen.
func (m *Model) onCreateFieldsRead(msg engine.CreateFieldsReadMsg) tea.Cmd {
	if msg.Kind != m.tab {
		return nil
	}
	fields, _, _ := m.eng.CreateFields(msg.Kind)
	cmd := m.openNew(msg.Kind, fields)
	if msg.Err != nil {
		return tea.Batch(cmd, m.report(msg.Err))
	}
	return cmd
}

// openNew asks the root for the editor of a new item of kind k, with the
// kind's custom fields and, when one holds members, the members (read once).
func (m *Model) openNew(k api.Kind, create []api.TransitionField) tea.Cmd {
	d := m.cur()
	custom := m.eng.CustomFields(k)
	var members []api.Member
	var read tea.Cmd
	if slices.ContainsFunc(custom, func(f api.CustomField) bool { return f.Holds() == api.CustomMember }) {
		members, _, read = m.eng.Members()
	}
	return tea.Batch(read, common.Cmd(common.OpenEditorMsg{Kind: k, Options: d.opts, Fields: d.fields, Create: create,
		Custom: custom, Members: members}))
}
