package board

import (
	tea "charm.land/bubbletea/v2"

	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/views/board/describe"
)

// D edits the selected item's description in the editor program
// (ui/views/board/describe), one edit of the engine checked against the description
// the editor opened with.

// openDescription reads the selected item, then opens it in the editor program.
func (m *Model) openDescription() tea.Cmd {
	_, it, ok := m.selectedItem()
	if !ok {
		return m.note(i18n.T("D edits one description: put the cursor on the item (esc clears the marks)"))
	}
	it.Kind = m.tab
	return describe.Read(m.ctx, m.ws, it)
}

// onDescribeRead opens the description read in the editor program.
func (m *Model) onDescribeRead(msg describe.ReadMsg) tea.Cmd {
	cmd, err := describe.Open(msg)
	if err != nil {
		return m.report(err)
	}
	return cmd
}

// onDescribed saves the description the editor program left, when it changed.
func (m *Model) onDescribed(msg describe.DoneMsg) tea.Cmd {
	switch {
	case msg.Err != nil:
		return m.report(msg.Err)
	case !msg.Changed:
		return m.note(i18n.Tf("#%s's description is unchanged", msg.Item.ShortID()))
	}
	d := m.sets[msg.Item.Kind]
	i, ok := d.find(msg.Item.ID)
	if !ok {
		return m.note(i18n.Tf("#%s is no longer on the board: its description was not saved", msg.Item.ShortID()))
	}
	shown, cmd := m.eng.Apply(d.kind, engine.Change{Item: msg.Item, Field: engine.Description, To: msg.HTML()})
	if len(shown) > 0 {
		m.showStaged(d, i, shown[0], engine.Description)
	}
	return cmd
}
