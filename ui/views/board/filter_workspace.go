package board

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/ui/filter"
	"triage/ui/views/board/fieldflow"
)

// A filter says the same thing in every workspace: the terms that depend on
// it (iter:@current and @next, the names of statuses and priorities, the
// owners) are resolved again for the workspace on screen whenever it, or
// what was read of it, changes, and a term that cannot apply there says so
// on the filter line.

// resolveFilters applies each kind's filter again, from its text, to the
// workspace on screen: when the board shows another workspace and when
// its iterations arrive. It returns the read of the iterations when a
// filter names one and they are not known.
func (m *Model) resolveFilters() tea.Cmd {
	var cmds []tea.Cmd
	for _, d := range m.sets {
		if d.typed == "" {
			continue
		}
		cmds = append(cmds, m.resolveIterations(d), m.resolveFinals(d))
		again := func() {
			d.forgetPast()
			d.query = "" // compiled anew, not narrowed from the filter before
			d.setQuery(d.typed, m.person())
		}
		if d == m.cur() {
			m.keepSelection(again)
		} else {
			again()
			m.clamp(d)
		}
	}
	return tea.Batch(cmds...)
}

// resolveIterations names the iterations of d's filter (@current, @next,
// and the iterations its values are checked against) from the engine's,
// and returns their read when the filter names an iteration and they are
// not known: the filter applies again once they are (onReferenceRead).
func (m *Model) resolveIterations(d *dataset) tea.Cmd {
	d.iterAlias, d.iterOpts, d.today = nil, nil, ""
	if !strings.Contains(strings.ToLower(d.typed), "iter") || !namesIteration(d.typed) {
		return nil
	}
	if m.awaitIters {
		return nil // a read is on its way
	}
	its, known, cmd := m.eng.Iterations()
	if !known {
		m.awaitIters = true
		return cmd
	}
	d.today = fieldflow.Today(m.ctx.Clock())
	d.iterAlias = filter.IterAliases(its, d.today)
	d.iterOpts = filter.IterationOptions(its)
	if d.iterOpts == nil {
		d.iterOpts = []filter.Option{}
	}
	return nil
}

// namesIteration reports whether a filter has an iter: term.
func namesIteration(q string) bool {
	tq := filter.Parse(q, "")
	for _, t := range tq.Terms {
		if t.Field == "iter" {
			return true
		}
	}
	return false
}

// leaveEmptyColumn puts the column cursor on the first column the filter
// leaves cards in when its own has none, as a load brings the items: a
// filter kept into another workspace shows its first card, not "no matches".
func leaveEmptyColumn(d *dataset) {
	if !d.filtering() || d.prio >= 0 || len(d.visible(d.cur)) > 0 {
		return
	}
	for c := range d.cols {
		if len(d.visible(c)) > 0 {
			d.cur = c
			return
		}
	}
}
