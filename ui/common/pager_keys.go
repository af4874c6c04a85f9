package common

import "charm.land/bubbles/v2/key"

// PagerKeys are the keys of a view that shows a Pager: scrolling, and the
// key that closes the view. They implement help.KeyMap.
type PagerKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Close key.Binding
}

// NewPagerKeys returns the scrolling keys with closing as the key that
// closes the view.
func NewPagerKeys(closing key.Binding) PagerKeys {
	return PagerKeys{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "scroll up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "scroll down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+b"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+f", "space"), key.WithHelp("pgdn", "page down")),
		Top:      key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g", "top")),
		Bottom:   key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "bottom")),
		Close:    closing,
	}
}

// ShortHelp is the one-line help.
func (k PagerKeys) ShortHelp() []key.Binding { return []key.Binding{k.Down, k.Up, k.Close} }

// FullHelp lists every key.
func (k PagerKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Close}}
}

// motion is how the keys move through the page.
func (k PagerKeys) motion() Motion {
	return Motion{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Top: k.Top, Bottom: k.Bottom}
}
