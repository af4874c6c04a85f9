package common

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"
)

// Component is the contract every view keeps (soft-serve style): the root
// router holds views only through it.
type Component interface {
	Update(tea.Msg) (Component, tea.Cmd)
	View() string
	SetSize(width, height int)
	KeyMap() help.KeyMap
	// Title names the view, as the help's heading shows it ("Board").
	Title() string
}

// Initializer is implemented by a view that has work to start when it is
// first shown (a spinner tick, a cursor blink, a fetch). The root calls Init
// once, when it pushes the view.
type Initializer interface {
	Init() tea.Cmd
}

// Capturer is implemented by a view that can hold the keyboard in a text field
// (a filter, a title, a token). While Capturing reports true, the root does not
// treat q or ? as its own keys; ctrl+c still quits, unless the view holds
// unsaved input (Unsaved).
type Capturer interface {
	Capturing() bool
}

// Unsaved is implemented by a view that holds input the user has not saved
// (the editor). The root never quits over it: ctrl+c and q ask the view to
// close as esc does, and the view asks whether to discard.
type Unsaved interface {
	Changed() bool
}
