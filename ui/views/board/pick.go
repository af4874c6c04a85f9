package board

import (
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/components/picker"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/views/board/fieldflow"
)

// The board's pickers: it keeps which items a picker acts on and what a
// choice does; ui/components/picker draws them and builds their choices.

// pickPurpose is what a choice in the board's picker does.
type pickPurpose int

const (
	pickPriority  pickPurpose = iota // set the priority of an item (or the marked ones)
	pickFilter                       // keep one priority column
	pickView                         // switch to a saved view
	pickStatus                       // the next status, then the fields its transition requires
	pickOwner                        // owners, added and removed until done
	pickIteration                    // plan into an iteration, or none
	pickOption                       // one of a field's options: a bug's severity
)

// pickState is the picker the board shows on top of itself.
type pickState struct {
	purpose pickPurpose
	kind    api.Kind
	id      string // the item whose field is set; "": the marked ones
	cols    []int  // the column of each choice (filter)
	choices int
	field   engine.Field    // a field picker's field
	flow    *fieldflow.Flow // a field picker's steps (fieldpick.go)
	model   *picker.Model   // the picker shown
}

// pickedMsg carries the picker's answer back to the board, so that the root,
// which runs pickers of its own, never mistakes it for one of theirs.
type pickedMsg struct {
	kind  api.Kind
	value string
	index int
	done  bool // false: cancelled
}

// update gives a key to the picker and turns its answer into a pickedMsg.
func (p *pickState) update(msg tea.Msg) tea.Cmd {
	_, cmd := p.model.Update(msg)
	if cmd == nil {
		return nil
	}
	kind := p.kind
	return func() tea.Msg {
		switch msg := cmd().(type) {
		case picker.ChosenMsg:
			return pickedMsg{kind: kind, value: msg.Value, index: msg.Index, done: true}
		case picker.CancelledMsg:
			return pickedMsg{kind: kind}
		default:
			return msg
		}
	}
}

// openPriorityPicker opens the picker of the selected item's priority.
func (m *Model) openPriorityPicker() tea.Cmd {
	i, cmd, ok := m.selectedToSet()
	if !ok {
		return cmd
	}
	d := m.cur()
	it := &d.items[i]
	// Last: no priority, for one card or the marked ones. The service
	// clears it where it allows an empty one; where it does not, its refusal
	// is shown and the card goes back.
	items := fieldflow.PriorityChoices(d.opts)
	title := i18n.Tf("Priority of #%s", it.ShortID())
	if m.marking() {
		title = i18n.Tf("Priority of %s marked", common.Count(m.markCount()))
	}
	m.pick = &pickState{purpose: pickPriority, kind: d.kind, id: it.ID,
		model: picker.New(m.ctx, title, items)}
	if !m.marking() {
		m.pick.model.SetCurrent(d.cols[d.col[i]].key)
	}
	m.sizePicker(len(items))
	return nil
}

// openFilterPicker opens the picker of the priority to keep, each with
// the count its column's header shows (the text filter's).
func (m *Model) openFilterPicker() tea.Cmd {
	d := m.cur()
	items := make([]picker.Item, 0, len(d.cols))
	cols := make([]int, 0, len(d.cols))
	for c, col := range d.cols {
		items = append(items, picker.Item{Title: i18n.T(col.label), Detail: common.Count(len(d.visible(c))), Value: col.key, Color: col.color})
		cols = append(cols, c)
	}
	m.pick = &pickState{purpose: pickFilter, kind: d.kind, cols: cols,
		model: picker.New(m.ctx, i18n.T("Show one priority"), items)}
	if d.prio >= 0 {
		m.pick.model.SetCurrent(d.cols[d.prio].key)
	}
	m.sizePicker(len(items))
	return nil
}

// sizePicker sizes the picker box for n choices within the board: half
// the board, or what its rows need to be drawn whole.
func (m *Model) sizePicker(n int) {
	m.pick.choices = n
	w := min(max(m.width/2, 30, m.pick.model.Wide()), m.width-4)
	h := min(n+3, m.bodyHeight()-2)
	m.pick.model.SetSize(max(w, 10), max(h, 4))
}

// drawOver draws a box (the picker, a prompt) over the board, below the tabs.
func (m *Model) drawOver(board, box string) string { return picker.DrawOver(board, box, m.width, 2) }

// onPicked applies the picker's answer.
func (m *Model) onPicked(msg pickedMsg) tea.Cmd {
	p := m.pick
	m.pick = nil
	if p == nil || !msg.done || p.kind != m.tab {
		return nil
	}
	d := m.cur()
	switch p.purpose {
	case pickStatus, pickOwner, pickIteration, pickOption:
		return m.onFieldPicked(p, msg.value)
	case pickView:
		if msg.index >= 0 && msg.index < len(m.ctx.Views) {
			return m.useView(m.ctx.Views[msg.index])
		}
		return nil
	case pickFilter:
		if msg.index >= 0 && msg.index < len(p.cols) {
			m.keepSelection(func() { d.setPriorityFilter(p.cols[msg.index]) })
		}
		return nil
	}
	if msg.index < 0 || msg.index > len(d.opts) {
		return nil
	}
	if m.marking() {
		if msg.index == len(d.opts) {
			return m.previewField(engine.Priority, func(api.Item) string { return "" }, nil)
		}
		v := d.opts[msg.index].Value
		return m.previewField(engine.Priority, func(api.Item) string { return v }, nil)
	}
	i, ok := d.find(p.id)
	if !ok {
		return nil
	}
	if msg.index == len(d.opts) {
		return m.clearPriority(i)
	}
	return m.setPriority(i, msg.index)
}
