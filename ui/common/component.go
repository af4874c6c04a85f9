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

// Closer is implemented by a view that closes itself (esc, q, a save):
// the Update that handles the key sets Closed, and the root pops the view
// before that Update returns, so a key already queued behind the closing
// one reaches the view underneath.
type Closer interface {
	Closed() bool
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

// KeyClaimer is implemented by a view that keeps some of the root's keys
// while it is on top: the help closes on ?, the errors on !, where the root
// would open them again.
type KeyClaimer interface {
	ClaimsKey(tea.KeyPressMsg) bool
}

// MouseFree is implemented by a view whose text the user selects with the
// mouse (the login's address to open): while it is on top, the root leaves
// the mouse to the terminal.
type MouseFree interface {
	FreesMouse() bool
}

// EditsWatcher is implemented by a view that lists this session's edits
// (the U view): while one is open, the root reads them again when they
// change and sends them to every view in a workspace.SessionEditsMsg.
type EditsWatcher interface {
	WatchesEdits() bool
}
