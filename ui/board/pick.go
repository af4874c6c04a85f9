package board

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/picker"
)

// pickPurpose is what a choice in the board's picker does.
type pickPurpose int

const (
	pickPriority pickPurpose = iota // set the priority of an item
	pickFilter                      // keep one priority column
)

// pickState is the picker the board shows on top of itself.
type pickState struct {
	purpose pickPurpose
	kind    api.Kind
	id      string // the item whose priority is set
	cols    []int  // the column of each choice (filter)
	choices int
	model   *picker.Model
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
	items := make([]picker.Item, len(d.opts), len(d.opts)+1)
	for k, o := range d.opts {
		items[k] = picker.Item{Title: o.Label, Detail: strings.TrimSpace(itoaKey(k)), Value: o.Value, Color: o.Color}
	}
	if !m.marking() {
		// Last: no priority. The service clears it where it allows an empty
		// one; where it does not, its refusal is shown and the card goes back.
		items = append(items, picker.Item{Title: noneWord, Detail: "clear the priority", Value: ""})
	}
	title := "Priority of #" + it.ShortID()
	if m.marking() {
		title = fmt.Sprintf("Priority of %d marked", m.markCount())
	}
	m.pick = &pickState{purpose: pickPriority, kind: d.kind, id: it.ID,
		model: picker.New(m.ctx, title, items)}
	if !m.marking() {
		m.pick.model.SetCurrent(d.cols[d.col[i]].key)
	}
	m.sizePicker(len(items))
	return nil
}

// openFilterPicker opens the picker of the priority to keep.
func (m *Model) openFilterPicker() tea.Cmd {
	d := m.cur()
	items := make([]picker.Item, 0, len(d.cols))
	cols := make([]int, 0, len(d.cols))
	for c, col := range d.cols {
		items = append(items, picker.Item{Title: col.label, Detail: thousands(len(col.all)), Value: col.key, Color: col.color})
		cols = append(cols, c)
	}
	m.pick = &pickState{purpose: pickFilter, kind: d.kind, cols: cols,
		model: picker.New(m.ctx, "Show one priority", items)}
	if d.prio >= 0 {
		m.pick.model.SetCurrent(d.cols[d.prio].key)
	}
	m.sizePicker(len(items))
	return nil
}

// itoaKey is the digit key that sets the kth option, or "" past 9.
func itoaKey(k int) string {
	if k >= 9 {
		return ""
	}
	return string(rune('1' + k))
}

// sizePicker sizes the picker box for n choices within the board.
func (m *Model) sizePicker(n int) {
	m.pick.choices = n
	w := min(max(m.width/2, 30), m.width-4)
	h := min(n+3, m.bodyHeight()-2)
	m.pick.model.SetSize(max(w, 10), max(h, 4))
}

// onPicked applies the picker's answer.
func (m *Model) onPicked(msg pickedMsg) tea.Cmd {
	p := m.pick
	m.pick = nil
	if p == nil || !msg.done || p.kind != m.tab {
		return nil
	}
	d := m.cur()
	switch p.purpose {
	case pickFilter:
		if msg.index >= 0 && msg.index < len(p.cols) {
			m.keepSelection(func() { d.setPriorityFilter(p.cols[msg.index]) })
		}
		return nil
	default:
		if msg.index < 0 || msg.index > len(d.opts) || (msg.index == len(d.opts) && m.marking()) {
			return nil
		}
		if m.marking() {
			return m.previewSet(msg.index)
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
}

// drawOver draws a box (the picker, a prompt) over the board, below the tabs.
func (m *Model) drawOver(board, box string) string {
	lines := strings.Split(board, "\n")
	boxLines := strings.Split(box, "\n")
	bw := lipgloss.Width(box)
	x := max((m.width-bw)/2, 0)
	for k, bl := range boxLines {
		y := 2 + k
		if y >= len(lines) {
			break
		}
		line := lines[y]
		left := ansi.Truncate(line, x, "")
		right := cellsFrom(line, x+bw)
		lines[y] = left + strings.Repeat(" ", x-ansi.StringWidth(left)) + "\x1b[m" + bl + "\x1b[m" + right
	}
	return strings.Join(lines, "\n")
}

// cellsFrom is line from cell x on: a wide character the cut splits gives
// way to a blank cell, so the line keeps its width.
func cellsFrom(line string, x int) string {
	want := ansi.StringWidth(line) - x
	right := ansi.TruncateLeft(line, x, "")
	for skip := 1; ansi.StringWidth(right) > want && skip < 3; skip++ {
		right = ansi.TruncateLeft(line, x+skip, "")
		right = strings.Repeat(" ", max(want-ansi.StringWidth(right), 0)) + right
	}
	return right
}
