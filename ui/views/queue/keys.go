package queue

import (
	"charm.land/bubbles/v2/key"

	"triage/ui/common"
)

// KeyMap is the queue's keys; it implements help.KeyMap.
type KeyMap struct {
	Set  key.Binding
	Skip key.Binding
	Back key.Binding
	Why  key.Binding
	// Motion scrolls the card's description; the queue has no top or bottom.
	common.Motion
	Close key.Binding
	Help  key.Binding
}

// DefaultKeyMap returns the queue's keys.
func DefaultKeyMap() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Set:    b("1-9", "set the nth priority, next", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		Skip:   b("s", "skip", "s"),
		Back:   b("b", "back", "b"),
		Why:    b("c", "add a why: a comment sent after the next answer", "c"),
		Motion: common.NavKeys().Named("scroll up", "scroll down", "", "").SpacePages(),
		Close:  b("esc/q", "close", "esc", "q"),
		Help:   b("?", "help", "?"),
	}
}

// ShortHelp is the one-line help.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Set, k.Skip, k.Back, k.Close, k.Help}
}

// FullHelp lists every key.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Set, k.Skip, k.Back, k.Why, k.Close},
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Help},
	}
}
