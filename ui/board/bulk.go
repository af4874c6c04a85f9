package board

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/workspace"
)

// planned is one move of a bulk edit: item i of the current kind to option to.
type planned struct {
	i    int32
	from string // the label of the column it leaves
	to   int
}

// marking reports whether cards of the current kind are marked.
func (m *Model) marking() bool { return len(m.marks[m.tab]) > 0 }

// markCount is how many cards of the current kind are marked.
func (m *Model) markCount() int { return len(m.marks[m.tab]) }

// marked reports whether an item of a kind is marked.
func (m *Model) marked(kind api.Kind, id string) bool {
	return len(m.marks[kind]) > 0 && m.marks[kind][id]
}

// unmark takes the mark off an item.
func (m *Model) unmark(kind api.Kind, id string) { delete(m.marks[kind], id) }

// toggleMark marks the selected card, or takes its mark off.
func (m *Model) toggleMark() tea.Cmd {
	i, ok := m.selected()
	if !ok {
		return nil
	}
	d := m.cur()
	id := d.items[i].ID
	if m.marks[m.tab] == nil {
		m.marks[m.tab] = make(map[string]bool)
	}
	if m.marks[m.tab][id] {
		delete(m.marks[m.tab], id)
		return m.note("unmarked #%s", api.ShortID(id))
	}
	m.marks[m.tab][id] = true
	return m.note("marked #%s: a priority key moves every marked card · esc clears the marks", api.ShortID(id))
}

// markShown marks every card of the current column that passes the filters
// (in list mode, every row).
func (m *Model) markShown() tea.Cmd {
	d := m.cur()
	rows := d.visible(d.cur)
	where := d.cols[d.cur].label
	if m.mode == modeList {
		rows, where = d.rows(), "the list"
	}
	if len(rows) == 0 {
		return m.note("nothing to mark in %s", where)
	}
	if m.marks[m.tab] == nil {
		m.marks[m.tab] = make(map[string]bool, len(rows))
	}
	for _, i := range rows {
		m.marks[m.tab][d.items[i].ID] = true
	}
	return m.note("marked %d in %s: a priority key moves every marked card · esc clears the marks", len(rows), where)
}

// clearMarks takes every mark of the current kind off.
func (m *Model) clearMarks() tea.Cmd {
	n := m.markCount()
	m.marks[m.tab] = nil
	return m.note("%d marks cleared", n)
}

// markedItems are the marked items of the current kind, in board order.
func (m *Model) markedItems() []int32 {
	d := m.cur()
	marks := m.marks[m.tab]
	out := make([]int32, 0, len(marks))
	for i := range d.items {
		if marks[d.items[i].ID] {
			out = append(out, int32(i))
		}
	}
	slices.SortFunc(out, d.boardCmp)
	return out
}

// previewSet asks to give every marked card option opt.
func (m *Model) previewSet(opt int) tea.Cmd {
	return m.preview(func(c column) (int, bool) { return opt, c.option != opt })
}

// previewStep asks to move every marked card one priority on (1) or back (-1).
func (m *Model) previewStep(dir int) tea.Cmd {
	d := m.cur()
	if len(d.opts) == 0 {
		return m.note("no priorities are known for %s", d.kind.Path())
	}
	return m.preview(func(c column) (int, bool) { return nextOption(c, len(d.opts), dir) })
}

// preview plans a bulk edit with to (the option a card in a column goes to,
// and whether it moves) and asks for a confirmation.
func (m *Model) preview(to func(column) (int, bool)) tea.Cmd {
	if m.ctx.Edits == nil {
		return m.report(workspace.ErrNoOutbox)
	}
	d := m.cur()
	var plan []planned
	stay := 0
	for _, i := range m.markedItems() {
		col := d.cols[d.col[i]]
		opt, ok := to(col)
		if !ok {
			stay++
			continue
		}
		plan = append(plan, planned{i: i, from: col.label, to: opt})
	}
	if len(plan) == 0 {
		return m.note("the %d marked %s stay where they are", stay, d.kind.Path())
	}
	m.prompt = &prompt{
		kind:  promptBulk,
		title: fmt.Sprintf("Move %d marked %s?", len(plan), d.kind.Path()),
		lines: []string{m.planText(plan, stay)},
		hint:  "y/enter confirms · n/esc cancels",
		plan:  plan,
	}
	return nil
}

// planText sums a plan up: "12 items: High → Low · 3 from Middle" when
// every card goes to one priority, else each move with its count.
func (m *Model) planText(plan []planned, stay int) string {
	d := m.cur()
	type move struct {
		from string
		to   int
		n    int
	}
	var moves []move
	targets := map[int]bool{}
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
	fmt.Fprintf(&b, "%d items: %s → %s", len(plan), moves[0].from, d.opts[moves[0].to].Label)
	for _, mv := range moves[1:] {
		if len(targets) == 1 {
			fmt.Fprintf(&b, " · %d from %s", mv.n, mv.from)
		} else {
			fmt.Fprintf(&b, " · %d %s → %s", mv.n, mv.from, d.opts[mv.to].Label)
		}
	}
	if stay > 0 {
		fmt.Fprintf(&b, " · %d stay", stay)
	}
	return b.String()
}

// applyBulk moves every card of the plan at once and sends the edits
// together, as one step: the outbox reads the items in one request, then
// writes those that still hold what the user saw, several at once.
func (m *Model) applyBulk(plan []planned) tea.Cmd {
	d := m.cur()
	sel, hasSel := m.selected()
	changes := make([]workspace.Change, 0, len(plan))
	for _, p := range plan {
		changes = append(changes, workspace.Change{Item: d.items[p.i], Field: workspace.Priority, To: d.opts[p.to].Value})
	}
	shown, cmd := m.eng.ApplyBulk(d.kind, changes...)
	for k, it := range shown {
		m.showStaged(d, plan[k].i, it, workspace.Priority)
	}
	if hasSel {
		m.follow(sel)
	}
	return cmd
}
