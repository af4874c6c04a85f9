package mywork

import (
	"charm.land/bubbles/v2/key"

	"triage/ui/common"
)

// KeyMap is the keys of my work; it implements help.KeyMap.
type KeyMap struct {
	common.Motion
	Group                      key.Binding
	NextPriority, PrevPriority key.Binding
	SetPriority                key.Binding
	Undo, Redo                 key.Binding
	Refresh, Retry             key.Binding
	KeepMine, TakeTheirs       key.Binding
	Later                      key.Binding
	Open                       key.Binding
	Close                      key.Binding
	Help                       key.Binding
}

// DefaultKeyMap returns the keys of my work: the board's keys for the same
// actions.
func DefaultKeyMap() KeyMap {
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return KeyMap{
		Motion:       common.NavKeys(),
		Group:        b("b", "group by workspace / priority", "b"),
		NextPriority: b("]", "next priority", "]"),
		PrevPriority: b("[", "previous priority", "["),
		SetPriority:  b("1-9", "set nth priority", "1", "2", "3", "4", "5", "6", "7", "8", "9"),
		Undo:         b("u", "undo last change", "u"),
		Redo:         b("ctrl+r", "redo what u undid", "ctrl+r"),
		Refresh:      b("r", "refresh: what changed since the last read", "r"),
		Retry:        b("R", "retry failed edits, answer conflicts", "R"),
		KeepMine:     b("m", "keep mine", "m"),
		TakeTheirs:   b("t", "take theirs", "t"),
		Later:        b("esc", "answer later (R)", "esc"),
		Open:         b("o", "open in browser", "o"),
		Close:        b("esc/q/W", "back to the board", "esc", "q", "W"),
		Help:         b("?", "help", "?"),
	}
}

// ShortHelp is the one-line help.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Group, k.NextPriority, k.PrevPriority, k.Undo, k.Refresh, k.Close}
}

// FullHelp lists every key.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.Group, k.NextPriority, k.PrevPriority, k.SetPriority, k.Undo, k.Redo},
		{k.Refresh, k.Retry, k.Open, k.Close, k.Help},
	}
}
