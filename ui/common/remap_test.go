package common

import (
	"slices"
	"testing"

	"charm.land/bubbles/v2/key"
)

// TestRemapReachesTheEmbeddedNavKeys: a key map that embeds the shared
// navigation keys lists them among its actions, in their place, and the
// user's keys remap them by name like the map's own.
func TestRemapReachesTheEmbeddedNavKeys(t *testing.T) {
	type viewKeys struct {
		Close key.Binding
		Motion
	}
	km := viewKeys{Close: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close")),
		Motion: NavKeys().Named("newer", "older", "newest", "oldest")}
	var names []string
	for _, b := range Bindings(&km) {
		names = append(names, ActionName(b))
	}
	if want := []string{"close", "newer", "older", "page-up", "page-down", "newest", "oldest"}; !slices.Equal(names, want) {
		t.Errorf("actions %q, want %q", names, want)
	}
	KeyOverrides{"history": {"newest": {"ctrl+g"}}}.Remap("history", &km)
	if got := km.Top.Keys(); !slices.Equal(got, []string{"ctrl+g"}) || km.Top.Help().Key != "ctrl+g" {
		t.Errorf("newest is bound to %q (help %q), want ctrl+g", got, km.Top.Help().Key)
	}
}
