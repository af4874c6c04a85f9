package board

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/workspace"
)

// A bulk edit gives every marked card a value of one field: the priority
// (or the grouping field) with ] [ and the digits, the status (m), owners
// (a, A), the iteration (i) or a bug's severity (x) with their pickers
// (bulkfields.go). A preview shows each change before and after; once
// confirmed, it is one step of the engine, every item read before its
// write, and one summary says what became of each.

// planned is one change of a bulk edit: item i of the current kind gets
// value in field, shown as from → to.
type planned struct {
	i        int32
	field    workspace.Field
	from, to string            // the labels of the value it leaves and the one it gets
	value    string            // what is written
	extra    map[string]string // the fields a status's transition requires
}

// previewSet asks to give every marked card option opt of the grouping
// field.
func (m *Model) previewSet(opt int) tea.Cmd {
	return m.preview(func(c column) (int, bool) { return opt, c.option != opt })
}

// optionLabel names a column option of the grouping field.
func (m *Model) optionLabel(opt int) string { return m.cur().columnOpts()[opt].Label }

// optionValue is what a column option of the grouping field writes; an
// owner column writes its one owner as TAPD's list.
func (m *Model) optionValue(opt int) string {
	v := m.cur().columnOpts()[opt].Value
	if m.cur().groupField() == workspace.Owner {
		v = store.JoinOwners([]string{v})
	}
	return v
}

// previewStep asks to move every marked card one column on (1) or back (-1)
// along the grouping field.
func (m *Model) previewStep(dir int) tea.Cmd {
	d := m.cur()
	opts := d.columnOpts()
	if len(opts) == 0 {
		return m.note("no %s are known for %s", groupPlural(d.groupField()), d.kind.Path())
	}
	return m.preview(func(c column) (int, bool) { return nextOption(c, len(opts), dir) })
}

// preview plans a bulk edit of the grouping field with to (the option a
// card in a column goes to, and whether it moves) and asks for a
// confirmation.
func (m *Model) preview(to func(column) (int, bool)) tea.Cmd {
	d := m.cur()
	f := d.groupField()
	var plan []planned
	stay := 0
	for _, i := range m.markedItems() {
		col := d.cols[d.col[i]]
		opt, ok := to(col)
		if !ok {
			stay++
			continue
		}
		plan = append(plan, planned{i: i, field: f, from: col.label, to: m.optionLabel(opt), value: m.optionValue(opt)})
	}
	if f == workspace.Status {
		if pending, cmd := m.typeStepsPending(plan); pending {
			m.awaitMove = func() tea.Cmd { return m.preview(to) }
			return cmd
		}
		if err := m.refuseStuck(plan); err != nil {
			return m.report(err)
		}
	}
	return m.previewPlan(f, plan, stay)
}

// groupPlural names the options of a grouping field: "priorities".
func groupPlural(f workspace.Field) string {
	switch f {
	case workspace.Priority:
		return "priorities"
	case workspace.Status:
		return "statuses"
	}
	return f.Name() + "s"
}

// refuseStuck refuses a bulk status move when an item's workflow has no
// step to its new status, naming each such item and where it may go.
func (m *Model) refuseStuck(plan []planned) error {
	d := m.cur()
	var stuck []string
	for _, p := range plan {
		if err := m.eng.CheckMove(d.kind, d.items[p.i], p.value, d.statusOrder()); err != nil {
			stuck = append(stuck, err.Error())
		}
	}
	if len(stuck) == 0 {
		return nil
	}
	return fmt.Errorf("nothing moved: unmark the %d that cannot (space) or choose another status: %s",
		len(stuck), strings.Join(stuck, "; "))
}

// previewPlan asks to confirm a plan of field f, stay being how many marked
// cards already hold their value.
func (m *Model) previewPlan(f workspace.Field, plan []planned, stay int) tea.Cmd {
	if m.ctx.Edits == nil {
		return m.report(workspace.ErrNoOutbox)
	}
	d := m.cur()
	if len(plan) == 0 {
		return m.note("the %d marked %s stay where they are", stay, d.kind.Path())
	}
	title := fmt.Sprintf("Move %d marked %s?", len(plan), d.kind.Path())
	if f != workspace.Priority {
		title = fmt.Sprintf("Set the %s of %d marked %s?", f.Name(), len(plan), d.kind.Path())
	}
	m.prompt = &prompt{
		kind:  promptBulk,
		title: title,
		lines: []string{planText(plan, stay)},
		hint:  "y/enter confirms · n/esc cancels",
		plan:  plan,
	}
	return nil
}

// planText sums a plan up, each field before and after: "12 items: High →
// Low · 3 from Middle" when every card gets one value, else each change
// with its count; fields other than the priority are named ("3 items:
// status Planning → Developing").
func planText(plan []planned, stay int) string {
	type move struct {
		from, to string
		n        int
	}
	var moves []move
	targets := map[string]bool{}
	for _, p := range plan {
		targets[p.to] = true
		k := slices.IndexFunc(moves, func(mv move) bool { return mv.from == p.from && mv.to == p.to })
		if k < 0 {
			moves = append(moves, move{from: p.from, to: p.to})
			k = len(moves) - 1
		}
		moves[k].n++
	}
	slices.SortStableFunc(moves, func(a, b move) int { return b.n - a.n })
	var b strings.Builder
	field := ""
	if f := plan[0].field; f != workspace.Priority {
		field = f.Name() + " "
	}
	fmt.Fprintf(&b, "%d items: %s%s → %s", len(plan), field, moves[0].from, moves[0].to)
	for _, mv := range moves[1:] {
		if len(targets) == 1 {
			fmt.Fprintf(&b, " · %d from %s", mv.n, mv.from)
		} else {
			fmt.Fprintf(&b, " · %d %s → %s", mv.n, mv.from, mv.to)
		}
	}
	if stay > 0 {
		fmt.Fprintf(&b, " · %d stay", stay)
	}
	return b.String()
}

// applyBulk changes every card of the plan at once and sends the edits
// together, as one step: the outbox reads the items in one request, then
// writes those that still hold what the user saw, several at once.
func (m *Model) applyBulk(plan []planned) tea.Cmd { return m.applyBulkWhy(plan, "") }

// applyBulkWhy is applyBulk with a comment on each item changed (why, HTML),
// sent after its change; "" sends none.
func (m *Model) applyBulkWhy(plan []planned, why string) tea.Cmd {
	d := m.cur()
	sel, hasSel := m.selected()
	changes := make([]workspace.Change, 0, len(plan))
	for _, p := range plan {
		changes = append(changes, workspace.Change{Item: d.items[p.i], Field: p.field, To: p.value, Extra: p.extra})
	}
	shown, cmd := m.eng.ApplyBulk(d.kind, changes...)
	if why != "" {
		shown, cmd = m.eng.ApplyWithComment(d.kind, why, changes...)
	}
	for k, it := range shown {
		m.showStaged(d, plan[k].i, it, plan[k].field)
	}
	if hasSel {
		m.follow(sel)
	}
	return cmd
}
