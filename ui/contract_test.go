package ui

import (
	"slices"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestRootRoutesByContract: the root asks views by behaviour: ? on the help
// and ! on the errors close them rather than opening another, and the login
// leaves the mouse to the terminal.
func TestRootRoutesByContract(t *testing.T) {
	h := start(t, token(), 10022001, nil)
	h.until("the board", h.onTop("board"))
	h.d.Press("?")
	h.until("the help", h.onTop("help"))
	h.d.Press("?")
	h.until("the board again", h.onTop("board"))
	if got := h.stack(); !slices.Equal(got, []string{"board"}) {
		t.Errorf("after ? twice the stack is %v", got)
	}
	h.d.Press("!")
	h.until("the errors", func() bool { return len(h.m.stack) == 2 })
	h.d.Press("!")
	h.until("the board again", h.onTop("board"))
	if got := h.stack(); !slices.Equal(got, []string{"board"}) {
		t.Errorf("after ! twice the stack is %v", got)
	}
	if mode := h.m.View().MouseMode; mode != tea.MouseModeCellMotion {
		t.Errorf("the board's mouse mode is %v", mode)
	}

	l := start(t, nil, 0, nil)
	l.until("the login", l.onTop("login"))
	if mode := l.m.View().MouseMode; mode != tea.MouseModeNone {
		t.Errorf("over the login the root takes the mouse (%v)", mode)
	}
}
