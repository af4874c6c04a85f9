package board

import (
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// openQueue opens the triage queue of the current kind. Grouped by
// priority, it walks the open items shown without a priority, then those
// with a value the options do not know, in board order, each answer setting
// the priority. Grouped by another field, it walks the column under the
// cursor (the open items without an owner, say) and each answer sets that
// field. Items in a final status of the workspace's workflow are done: they
// are left out, unless the column is that status. The engine reads the
// final statuses once per kind and workspace, when the service offers them
// (engine.Engine.Finals).
func (m *Model) openQueue() tea.Cmd {
	d := m.cur()
	final, ok, read := m.eng.Finals(d.kind)
	if !ok {
		m.awaitQueue = true
		return read
	}
	f := d.groupField()
	if f != engine.Priority {
		return m.openFieldQueue(d, f, final)
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
			return m.note(i18n.Tf("every open %s shown has a priority (%d finished left out): nothing to triage", kindWord(d.kind), closed))
		}
		return m.note(i18n.Tf("every %s shown has a priority: nothing to triage", kindWord(d.kind)))
	}
	return common.Cmd(common.OpenQueueMsg{Kind: d.kind, Items: items, Options: d.opts, Fields: d.fields})
}

// openFieldQueue opens the queue over the open items of the column under
// the cursor, its answers setting field f.
func (m *Model) openFieldQueue(d *dataset, f engine.Field, final map[string]bool) tea.Cmd {
	col := &d.cols[d.cur]
	var items []api.Item
	closed := 0
	for _, i := range d.visible(d.cur) {
		if f != engine.Status && final[d.items[i].Status] {
			closed++
			continue
		}
		items = append(items, d.items[i])
	}
	if len(items) == 0 {
		return m.note(i18n.Tf("no open %s in %s (%d finished left out): nothing to walk; put the cursor on another column", kindsWord(d.kind), i18n.T(col.label), closed))
	}
	return common.Cmd(common.OpenQueueMsg{Kind: d.kind, Items: items, Options: d.columnOpts(), Fields: d.fields, Field: string(f)})
}
