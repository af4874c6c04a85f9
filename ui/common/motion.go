package common

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// Motion is the set of keys that move through a list or a text, as a view's
// key map binds them. A binding left zero (a view without Top) matches nothing.
type Motion struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
}

// Delta is how far msg moves: a line, a page of page lines, or all total
// lines for top and bottom (the caller clamps). It reports false for a key
// that is not one of the motion's.
func (m Motion) Delta(msg tea.KeyPressMsg, page, total int) (int, bool) {
	switch {
	case key.Matches(msg, m.Up):
		return -1, true
	case key.Matches(msg, m.Down):
		return 1, true
	case key.Matches(msg, m.PageUp):
		return -page, true
	case key.Matches(msg, m.PageDown):
		return page, true
	case key.Matches(msg, m.Top):
		return -total, true
	case key.Matches(msg, m.Bottom):
		return total, true
	}
	return 0, false
}

// WheelDelta is the direction of a mouse wheel turn: -1 up, 1 down, 0 sideways.
func WheelDelta(msg tea.MouseWheelMsg) int {
	switch msg.Button {
	case tea.MouseWheelUp:
		return -1
	case tea.MouseWheelDown:
		return 1
	}
	return 0
}
