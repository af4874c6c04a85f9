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

// NavKeys are the movement keys every list and page shares, as the board
// words them: ↑/k up, ↓/j down, pgup/ctrl+b, pgdn/ctrl+f, g/home top,
// G/end bottom. A view's key map embeds them, renamed (Named) or paging
// on space (SpacePages) where it says so.
func NavKeys() Motion {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return Motion{
		Up:       b("↑/k", "up", "up", "k"),
		Down:     b("↓/j", "down", "down", "j"),
		PageUp:   b("pgup", "page up", "pgup", "ctrl+b"),
		PageDown: b("pgdn", "page down", "pgdown", "ctrl+f"),
		Top:      b("g", "top", "g", "home"),
		Bottom:   b("G", "bottom", "G", "end"),
	}
}

// Named returns the moves with the words a view's help gives them ("newer",
// "older", "newest", "oldest"). A top or bottom named "" is left out: the
// view has none, so it matches nothing and is in no help.
func (m Motion) Named(up, down, top, bottom string) Motion {
	rename := func(b *key.Binding, desc string) {
		if desc == "" {
			*b = key.Binding{}
			return
		}
		b.SetHelp(b.Help().Key, desc)
	}
	rename(&m.Up, up)
	rename(&m.Down, down)
	rename(&m.Top, top)
	rename(&m.Bottom, bottom)
	return m
}

// SpacePages returns the moves with space turning a page down too, as it
// does where the view is a page of text.
func (m Motion) SpacePages() Motion {
	m.PageDown.SetKeys(append(m.PageDown.Keys(), "space")...)
	return m
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
