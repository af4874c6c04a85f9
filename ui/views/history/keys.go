package history

import (
	"charm.land/bubbles/v2/key"

	"triage/ui/common"
)

// KeyMap is the history's keys; it implements help.KeyMap.
type KeyMap struct {
	common.Motion
	Undo  key.Binding
	Close key.Binding
	Help  key.Binding
}

// DefaultKeyMap returns the history's keys.
func DefaultKeyMap() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Motion: common.NavKeys().Named("newer", "older", "newest", "oldest").SpacePages(),
		Undo:   b("enter", "undo this step", "enter"),
		Close:  b("esc/q/U", "close", "esc", "q", "U"),
		Help:   b("?", "help", "?"),
	}
}

// ShortHelp is the one-line help.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Close, k.Help}
}

// FullHelp lists every key.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Undo, k.Close, k.Help}}
}
