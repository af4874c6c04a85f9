package common

import "charm.land/bubbles/v2/key"

// PagerKeys are the keys of a view that shows a Pager: scrolling, and the
// key that closes the view. They implement help.KeyMap.
type PagerKeys struct {
	Motion
	Close key.Binding
}

// NewPagerKeys returns the scrolling keys with closing as the key that
// closes the view.
func NewPagerKeys(closing key.Binding) PagerKeys {
	return PagerKeys{Motion: NavKeys().Named("scroll up", "scroll down", "top", "bottom").SpacePages(), Close: closing}
}

// ShortHelp is the one-line help.
func (k PagerKeys) ShortHelp() []key.Binding { return []key.Binding{k.Down, k.Up, k.Close} }

// FullHelp lists every key.
func (k PagerKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Close}}
}
