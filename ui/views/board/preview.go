package board

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/components/preview"
	"triage/ui/i18n"
)

// The preview pane (P, ui/components/preview) beside the board or under it: the board
// tells it the item under the cursor and how the item's fields are named.

// togglePreview opens or closes the pane.
func (m *Model) togglePreview() tea.Cmd {
	m.prev.Toggle()
	m.SetSize(m.outerW, m.outerH)
	return m.previewFollow()
}

// previewFollow makes the pane follow the cursor.
func (m *Model) previewFollow() tea.Cmd {
	if !m.prev.Open() {
		return nil
	}
	i, ok := m.selected()
	if !ok {
		return m.prev.Follow(preview.Key{}, false)
	}
	return m.prev.Follow(preview.Key{Kind: m.tab, ID: m.cur().items[i].ID}, true)
}

// withPreview lays the pane beside the board drawn or under it.
func (m *Model) withPreview(board string) string {
	var it api.Item
	i, ok := m.selected()
	if ok {
		it = m.cur().items[i]
		it.Kind = m.tab
	}
	m.prev.FileKeys = m.fileKeys()
	return m.prev.Lay(board, m.width, m.outerW, m.outerH, it, ok, m.previewNames)
}

// previewNames are an item's fields as the board names them.
func (m *Model) previewNames(it api.Item) preview.Names {
	fi := m.cur().fields
	return preview.Names{
		Priority:  m.priorityLabel(m.tab, it.DisplayPriority()),
		Status:    statusName(fi, it.Status),
		Owner:     ownerName(it.Owner),
		Iteration: iterationName(fi, it.IterationID),
		Custom:    m.customNames(it),
	}
}

// customNames are the item's custom fields as the pane shows them.
func (m *Model) customNames(it api.Item) []preview.Custom {
	var out []preview.Custom
	for _, cf := range m.eng.CustomFields(m.tab) {
		v, _ := it.Get(cf.Field)
		out = append(out, preview.Custom{Name: cf.Name, Value: cf.Shown(v)})
	}
	return out
}

// onFileKey handles the keys of the preview's attachments: choose the
// next, open it in the browser, save it.
func (m *Model) onFileKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	k := &m.keys
	switch {
	case key.Matches(msg, k.NextFile):
		return m.prev.NextFile(), true
	case key.Matches(msg, k.OpenFile):
		return m.prev.OpenFile(), true
	case key.Matches(msg, k.SaveFile):
		return m.prev.SaveFile(), true
	}
	return nil, false
}

// fileKeys names the keys of the preview's attachments.
func (m *Model) fileKeys() string {
	k := &m.keys
	return i18n.Tf("%s choose · %s open · %s save", k.NextFile.Help().Key, k.OpenFile.Help().Key, k.SaveFile.Help().Key)
}
