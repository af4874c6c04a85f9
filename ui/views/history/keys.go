package history

import (
	"charm.land/bubbles/v2/key"

	"triage/ui/common"
)

// KeyMap is the history's keys; it implements help.KeyMap.
type KeyMap struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Undo     key.Binding
	Close    key.Binding
	Help     key.Binding
}

// DefaultKeyMap returns the history's keys.
func DefaultKeyMap() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Up:       b("↑/k", "newer", "up", "k"),
		Down:     b("↓/j", "older", "down", "j"),
		PageUp:   b("pgup", "page up", "pgup", "ctrl+b"),
		PageDown: b("pgdn", "page down", "pgdown", "ctrl+f", "space"),
		Top:      b("g", "newest", "g", "home"),
		Bottom:   b("G", "oldest", "G", "end"),
		Undo:     b("enter", "undo this step", "enter"),
		Close:    b("esc/q/U", "close", "esc", "q", "U"),
		Help:     b("?", "help", "?"),
	}
}

// motion is the keys that move the cursor.
func (k KeyMap) motion() common.Motion {
	return common.Motion{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Top: k.Top, Bottom: k.Bottom}
}

// ShortHelp is the one-line help.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Close, k.Help}
}

// FullHelp lists every key.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Undo, k.Close, k.Help}}
}
