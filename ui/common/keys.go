package common

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
)

// KeyMap holds the global keys and the movement keys views share. It
// implements help.KeyMap.
type KeyMap struct {
	Quit   key.Binding
	Help   key.Binding
	Errors key.Binding
	Back   key.Binding
	Select key.Binding
	Motion
	NextTab key.Binding
	PrevTab key.Binding
}

var _ help.KeyMap = (*KeyMap)(nil)

// DefaultKeyMap returns the app's global keys.
func DefaultKeyMap() *KeyMap {
	return &KeyMap{
		Quit:    key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Help:    key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Errors:  key.NewBinding(key.WithKeys("!"), key.WithHelp("!", "recent errors in full, with their times")),
		Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Select:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "select")),
		Motion:  NavKeys(),
		NextTab: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next tab")),
		PrevTab: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous tab")),
	}
}

// ShortHelp is the one-line help of the global keys.
func (k *KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Help, k.Quit}
}

// FullHelp lists every global key, movement first.
func (k *KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Select, k.Back, k.NextTab, k.PrevTab, k.Help, k.Quit},
	}
}
