package board

import (
	tea "charm.land/bubbletea/v2"

	"triage/ui/engine"
	"triage/ui/filter"
)

// The filter's is:open and is:closed need the kind's final statuses, which
// the engine reads once per kind and workspace (and keeps for a day):
// while they are read the filter line says so, and the filter applies
// again when they arrive.

// resolveFinals gives d's filter its kind's final statuses when it has an
// is: term, and returns their read when they are not known.
func (m *Model) resolveFinals(d *dataset) tea.Cmd {
	d.finals = nil
	if tq := filter.Parse(d.typed, ""); !tq.NamesOpen() {
		return nil
	}
	if m.awaitFinals[d.kind] {
		return nil // a read is on its way
	}
	finals, known, read := m.eng.Finals(d.kind)
	if !known {
		m.awaitFinals[d.kind] = true
		return read
	}
	d.finals = finals
	return nil
}

// onFinalsRead applies again the filter that waited for the final
// statuses, and opens the triage queue that did.
func (m *Model) onFinalsRead(msg engine.FinalsReadMsg) tea.Cmd {
	var cmd tea.Cmd
	if m.awaitFinals[msg.Kind] {
		m.awaitFinals[msg.Kind] = false
		cmd = m.resolveFilters()
	}
	if m.awaitQueue && msg.Kind == m.tab {
		m.awaitQueue = false
		cmd = tea.Batch(cmd, m.openQueue())
	}
	return cmd
}
