package board

import (
	"errors"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/components/dialog"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/views/board/bulkplan"
)

// A bulk edit gives every marked card a value of one field: the priority
// (or the grouping field) with ] [ and the digits, the status (m), owners
// (a, A), the iteration (i) or a bug's severity (x) with their pickers
// (bulkfields.go). A preview shows each change before and after; once
// confirmed, it is one step of the engine, every item read before its
// write, and one summary says what became of each.

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
	if m.cur().groupField() == engine.Owner {
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
		return m.note(i18n.Tf("no %s are known for %s", groupPlural(d.groupField()), kindsWord(d.kind)))
	}
	return m.preview(func(c column) (int, bool) { return nextOption(c, len(opts), dir) })
}

// preview plans a bulk edit of the grouping field with to (the option a
// card in a column goes to, and whether it moves) and asks for a
// confirmation.
func (m *Model) preview(to func(column) (int, bool)) tea.Cmd {
	d := m.cur()
	f := d.groupField()
	var plan []bulkplan.Change
	stay := 0
	for _, i := range m.markedItems() {
		col := d.cols[d.col[i]]
		opt, ok := to(col)
		if !ok {
			stay++
			continue
		}
		plan = append(plan, bulkplan.Change{Item: i, Field: f, From: i18n.T(col.label), To: m.optionLabel(opt), Value: m.optionValue(opt)})
	}
	if f == engine.Status {
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
func groupPlural(f engine.Field) string {
	if _, many, known := engine.FieldWords(f.Name()); known {
		return many
	}
	return fieldWord(f)
}

// refuseStuck refuses a bulk status move when an item's workflow has no
// step to its new status, naming each such item and where it may go.
func (m *Model) refuseStuck(plan []bulkplan.Change) error {
	d := m.cur()
	var stuck []string
	for _, p := range plan {
		if err := m.eng.CheckMove(d.kind, d.items[p.Item], p.Value, d.statusOrder()); err != nil {
			stuck = append(stuck, err.Error())
		}
	}
	if len(stuck) == 0 {
		return nil
	}
	return errors.New(i18n.Tf("nothing moved: unmark the %d that cannot (space) or choose another status: %s",
		len(stuck), strings.Join(stuck, "; ")))
}

// previewPlan asks to confirm a plan of field f, stay being how many marked
// cards already hold their value.
func (m *Model) previewPlan(f engine.Field, plan []bulkplan.Change, stay int) tea.Cmd {
	if m.ctx.Edits == nil {
		return m.report(engine.ErrNoOutbox)
	}
	d := m.cur()
	if len(plan) == 0 {
		if stay == 1 {
			return m.note(i18n.Tf("the marked %s stays where it is", kindWord(d.kind)))
		}
		return m.note(i18n.Tf("the %d marked %s stay where they are", stay, kindsWord(d.kind)))
	}
	title := i18n.Tf("Move %s?", markedOf(len(plan), d.kind))
	if f != engine.Priority {
		title = i18n.Tf("Set the %s of %s?", fieldWord(f), markedOf(len(plan), d.kind))
	}
	left, _ := m.ctx.BudgetLeft()
	m.prompt = &prompt{
		Box:  dialog.Box{Title: title, Lines: append([]string{bulkplan.Summary(plan, stay)}, bulkplan.Costs(d.kind, plan, left)...), Hint: i18n.T("y/enter confirms · n/esc cancels")},
		kind: promptBulk,
		plan: plan,
	}
	return nil
}

// applyBulk changes every card of the plan at once and sends the edits
// together, as one step: the outbox reads the items in one request, then
// writes those that still hold what the user saw, several at once.
func (m *Model) applyBulk(plan []bulkplan.Change) tea.Cmd { return m.applyBulkWhy(plan, "") }

// applyBulkWhy is applyBulk with a comment on each item changed (why, HTML),
// sent after its change; "" sends none.
func (m *Model) applyBulkWhy(plan []bulkplan.Change, why string) tea.Cmd {
	d := m.cur()
	sel, hasSel := m.selected()
	changes := make([]engine.Change, 0, len(plan))
	for _, p := range plan {
		changes = append(changes, engine.Change{Item: d.items[p.Item], Field: p.Field, To: p.Value, Extra: p.Extra})
	}
	shown, cmd := m.eng.ApplyBulk(d.kind, why, changes...)
	for k, it := range shown {
		m.showStaged(d, plan[k].Item, it, plan[k].Field)
	}
	if hasSel {
		m.follow(sel)
	}
	return cmd
}

// markedOf names n marked items of a kind: "1 marked bug", "3 marked bugs".
func markedOf(n int, k api.Kind) string {
	if n == 1 {
		return i18n.Tf("1 marked %s", kindWord(k))
	}
	return i18n.Tf("%s marked %s", common.Count(n), kindsWord(k))
}
