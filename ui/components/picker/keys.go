package picker

import (
	"charm.land/bubbles/v2/key"

	"triage/ui/common"
	"triage/ui/i18n"
)

// KeyMap is the picker's keys; it implements help.KeyMap.
type KeyMap struct {
	common.Motion
	Choose   key.Binding
	Numbered key.Binding // a row's own key (a digit) chooses it; off when no row has one
	Filter   key.Binding
	Cancel   key.Binding
}

// DefaultKeyMap returns the picker's keys. Letters and digits typed filter
// (but a row's own key, which chooses it), so the cursor moves by the
// arrows and the control keys only.
func DefaultKeyMap() KeyMap {
	nav := common.NavKeys()
	nav.Up = key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑/ctrl+p", "up"))
	nav.Down = key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓/ctrl+n", "down"))
	nav.Top = key.NewBinding(key.WithKeys("home"), key.WithHelp("home", "first"))
	nav.Bottom = key.NewBinding(key.WithKeys("end"), key.WithHelp("end", "last"))
	return KeyMap{
		Motion:   nav,
		Choose:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "choose")),
		Numbered: key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("1–9", "choose the row so numbered")),
		Filter:   key.NewBinding(key.WithKeys("/"), key.WithHelp(i18n.T("/ or type"), "filter")),
		Cancel:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter / cancel")),
	}
}

// ShortHelp is the one-line help.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Choose, k.Numbered, k.Filter, k.Cancel}
}

// FullHelp lists every key.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Choose, k.Numbered, k.Filter, k.Cancel},
	}
}
