package board

import (
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
)

// openQueue opens the triage queue of the current kind: the open items
// shown without a priority, then those with a value the options do not
// know, in board order. Items in a final status of the workspace's workflow
// are done: they are left out. The engine reads the final statuses once per
// kind and workspace, when the service offers them (workspace.Engine.Finals).
func (m *Model) openQueue() tea.Cmd {
	d := m.cur()
	final, ok, read := m.eng.Finals(d.kind)
	if !ok {
		return read
	}
	var items []api.Item
	closed := 0
	for c := range d.cols {
		if col := &d.cols[c]; col.option < 0 {
			for _, i := range d.visible(c) {
				if final[d.items[i].Status] {
					closed++
					continue
				}
				items = append(items, d.items[i])
			}
		}
	}
	if len(items) == 0 {
		if closed > 0 {
			return m.note("every open %s shown has a priority (%d finished left out): nothing to triage", d.kind, closed)
		}
		return m.note("every %s shown has a priority: nothing to triage", d.kind)
	}
	return common.Cmd(common.OpenQueueMsg{Kind: d.kind, Items: items, Options: d.opts, Fields: d.fields})
}
