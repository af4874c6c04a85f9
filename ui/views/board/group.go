package board

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/engine"
	"triage/ui/filter"
	"triage/ui/i18n"
	"triage/ui/views/board/sortkey"
)

// The board groups a kind's cards by a field (b): the priority (the
// default), the status, the (first) owner or the iteration. There is one
// column per option in the service's order (statuses in workflow order,
// members as the workspace lists them, iterations as the field information
// names them), with the none and unknown columns as for priorities. ] [ and
// the digits set the grouping field; a status column the card may not move
// to is dimmed.

// groupOrder is the order b walks the groupings in.
func groupOrder() [4]engine.Field {
	return [...]engine.Field{engine.Priority, engine.Status, engine.Owner, engine.Iteration}
}

// groupField is the field the dataset groups by.
func (d *dataset) groupField() engine.Field {
	if d.group == "" {
		return engine.Priority
	}
	return d.group
}

// keyOf is the column key of an item under the dataset's grouping.
func (d *dataset) keyOf(it *api.Item) string {
	switch d.group {
	case engine.Status:
		return it.Status
	case engine.Owner:
		first, _, _ := strings.Cut(it.Owner, ";")
		return strings.TrimSpace(first)
	case engine.Iteration:
		return store.NoIteration(it.IterationID)
	}
	return it.DisplayPriority()
}

// columnOpts are the options the grouping's columns stand for.
func (d *dataset) columnOpts() []api.PriorityOption {
	if d.groupField() == engine.Priority {
		return d.opts
	}
	return d.groupOpts
}

// regroup lays the dataset's items out in the columns of field f with
// options opts, keeping each column in the service's order. The priority
// filter, which keeps one column, ends.
func (d *dataset) regroup(f engine.Field, opts []api.PriorityOption) {
	d.group, d.groupOpts = f, opts
	if f == engine.Priority {
		d.group, d.groupOpts = "", nil
		opts = d.opts
	}
	d.cols, d.colOf = layoutColumns(opts)
	d.cols[0].label = noneHeader(f)
	// The priority's order, which the columns no longer give (list.go).
	d.orders.Forget(int(sortkey.Priority))
	d.priorityCol = nil
	if d.group != "" {
		_, d.priorityCol = layoutColumns(d.opts)
	}
	for i := range d.items {
		c := d.columnFor(d.keyOf(&d.items[i]))
		d.col[i] = int32(c)
		d.cols[c].all = append(d.cols[c].all, int32(i))
	}
	for c := range d.cols {
		col := &d.cols[c]
		slices.SortFunc(col.all, func(a, b int32) int {
			if d.colLess(a, b) {
				return -1
			}
			return 1
		})
		if d.filtering() {
			for _, i := range col.all {
				if d.match[i] {
					col.vis = append(col.vis, i)
				}
			}
		}
	}
	d.prio, d.cur, d.left = -1, 0, 0
	d.listDirty = true
}

// noneHeader is the header of the column of items without a value.
func noneHeader(f engine.Field) string {
	switch f {
	case engine.Status:
		return "No status"
	case engine.Owner:
		return "No owner"
	case engine.Iteration:
		return "No iteration"
	}
	return noPriority
}

// cycleGroup groups the board by the next field (b).
func (m *Model) cycleGroup() tea.Cmd {
	d := m.cur()
	order := groupOrder()
	next := order[0]
	for k, f := range order {
		if f == d.groupField() {
			next = order[(k+1)%len(order)]
		}
	}
	return m.groupBy(next)
}

// groupBy groups the current kind's board by f, reading the members first
// for the owners.
func (m *Model) groupBy(f engine.Field) tea.Cmd {
	d := m.cur()
	var opts []api.PriorityOption
	switch f {
	case engine.Status, engine.Iteration:
		opts = fieldOptions(d.fields, f)
	case engine.Owner:
		members, known, cmd := m.eng.Members()
		if !known {
			m.awaitGroup = true
			return cmd
		}
		for _, mb := range members {
			opts = append(opts, api.PriorityOption{Value: mb.Nick, Label: mb.Nick})
		}
	}
	m.keepSelection(func() { d.regroup(f, opts) })
	if f == engine.Status {
		// The steps of the items' story types too, for the dimmed columns and the moves.
		if known, cmd := m.eng.MovesOf(d.kind, d.items...); !known {
			m.awaitTypes = true
			return tea.Batch(cmd, m.note(i18n.T("grouped by status")))
		}
	}
	return m.note(i18n.Tf("grouped by %s", fieldWord(f)))
}

// stepGroup moves the selected card to the next (1) or previous (-1)
// column of the grouping field.
func (m *Model) stepGroup(dir int) tea.Cmd {
	i, ok := m.selected()
	if !ok {
		return nil
	}
	d := m.cur()
	opts := d.columnOpts()
	opt, ok := nextOption(d.cols[d.col[i]], len(opts), dir)
	if !ok {
		return m.note(i18n.Tf("#%s is in the last column that way", d.items[i].ShortID()))
	}
	return m.setGroupValue(d, i, opts[opt].Value)
}

// setGroupValue gives item i the value of a column of the grouping field:
// a status (checked against the workflow), an owner (the only one), an
// iteration.
func (m *Model) setGroupValue(d *dataset, i int32, v string) tea.Cmd {
	f := d.groupField()
	if f == engine.Owner {
		v = store.JoinOwners([]string{v})
	}
	return m.setField(d, i, f, v, nil)
}

// dimmed reports whether column c is one the selected card may not move to:
// grouped by status, a status its workflow has no step to.
func (m *Model) dimmed(d *dataset, c int) bool {
	if d.group != engine.Status || c == 0 {
		return false
	}
	i, ok := m.selected()
	if !ok || d.cols[c].key == d.items[i].Status {
		return false
	}
	next, known := m.eng.NextStepsOf(d.kind, d.items[i], nil)
	if !known {
		return false
	}
	return !slices.ContainsFunc(next, func(t api.Transition) bool { return t.To == d.cols[c].key })
}

// priorityPasses reports whether item i's priority is one of the filter's,
// whatever the board is grouped by.
func (d *dataset) priorityPasses(k int, i int32) bool {
	if d.groupField() == engine.Priority {
		return d.columnPasses(k, int(d.col[i]))
	}
	v := d.items[i].DisplayPriority()
	label := v
	for _, o := range d.opts {
		if o.Value == v {
			label = o.Label
		}
	}
	return filter.PriorityPasses(d.tq.Terms[k].Alts, v, label)
}

// fieldOptions are the options of a field the board groups by, from the
// kind's field information: a status's or an iteration's columns.
func fieldOptions(fi api.FieldInfo, f engine.Field) []api.PriorityOption {
	var opts []api.PriorityOption
	for _, o := range fi[string(f)].Options.Pairs {
		opts = append(opts, api.PriorityOption{Value: o.Value, Label: o.Label})
	}
	return opts
}

// regroupByNewFields lays d out again when it is grouped by status or
// iteration and the field information now names other options than its
// columns: a grouping made before the options were known showed each
// status as an unknown column ("? resolved") until it was made again.
func (m *Model) regroupByNewFields(d *dataset) {
	f := d.groupField()
	if f != engine.Status && f != engine.Iteration {
		return
	}
	opts := fieldOptions(d.fields, f)
	if len(opts) == 0 || slices.Equal(opts, d.groupOpts) {
		return
	}
	if d == m.cur() {
		m.keepSelection(func() { d.regroup(f, opts) })
		return
	}
	d.regroup(f, opts)
}
