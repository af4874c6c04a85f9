package editor

import "charm.land/bubbles/v2/key"

// KeyMap is the editor's keys; it implements help.KeyMap.
type KeyMap struct {
	Save   key.Binding
	Cancel key.Binding
	Next   key.Binding
	Prev   key.Binding
	Choose key.Binding
	Yes    key.Binding
	No     key.Binding
}

// DefaultKeyMap returns the editor's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Save:   key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "save")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Next:   key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab/↓", "next field")),
		Prev:   key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", "previous field")),
		Choose: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "choose the priority")),
		Yes:    key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "discard the changes")),
		No:     key.NewBinding(key.WithKeys("n", "esc"), key.WithHelp("n", "keep editing")),
	}
}

// ShortHelp is the one-line help.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Save, k.Cancel, k.Next, k.Choose}
}

// FullHelp lists every key.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Save, k.Cancel, k.Next, k.Prev, k.Choose},
		{k.Yes, k.No},
	}
}
