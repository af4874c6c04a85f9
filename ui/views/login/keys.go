package login

import (
	"charm.land/bubbles/v2/key"

	"triage/ui/common"
)

// KeyMap is the login view's keys; it implements help.KeyMap.
type KeyMap struct {
	Up      key.Binding
	Down    key.Binding
	Choose  key.Binding
	Browser key.Binding
	Token   key.Binding
	Account key.Binding
	Next    key.Binding
	Submit  key.Binding
	Open    key.Binding
	Copy    key.Binding
	Back    key.Binding
}

// DefaultKeyMap returns the login view's keys.
func DefaultKeyMap() KeyMap {
	nav := common.NavKeys()
	return KeyMap{
		Up:      nav.Up,
		Down:    nav.Down,
		Choose:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "choose")),
		Browser: key.NewBinding(key.WithKeys("b", "1"), key.WithHelp("b", "log in with the browser")),
		Token:   key.NewBinding(key.WithKeys("t", "2"), key.WithHelp("t", "log in with a personal token")),
		Account: key.NewBinding(key.WithKeys("a", "3"), key.WithHelp("a", "log in with an API account")),
		Next:    key.NewBinding(key.WithKeys("tab", "shift+tab", "down", "up"), key.WithHelp("tab", "next field")),
		Submit:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "log in / try again")),
		Open:    key.NewBinding(key.WithKeys("ctrl+o"), key.WithHelp("ctrl+o", "open the browser again")),
		Copy:    key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", "copy the address")),
		Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel / back")),
	}
}

// ShortHelp is the one-line help.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Choose, k.Back}
}

// FullHelp lists every key, by screen.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Choose, k.Browser, k.Token, k.Account},
		{k.Submit, k.Next, k.Open, k.Copy, k.Back},
	}
}
