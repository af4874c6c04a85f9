package boardkeys

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"

	"triage/store"
	"triage/ui/i18n"
)

// withUser is the board's key map with the keys of the config's commands
// and saved views as a last group of the help.
type withUser struct {
	*KeyMap
	user []key.Binding
}

// FullHelp lists the board's keys, then the user's.
func (k withUser) FullHelp() [][]key.Binding {
	return append(k.KeyMap.FullHelp(), k.user)
}

// WithUser is the key map for the help view, with the keys of the config's
// commands and saved views; k itself when there are none (the key map is
// large, and asked for every frame).
func (k *KeyMap) WithUser(commands []store.Command, views []store.SavedView) help.KeyMap {
	var user []key.Binding
	for _, c := range commands {
		user = append(user, key.NewBinding(key.WithKeys(c.Key), key.WithHelp(c.Key, c.Name)))
	}
	for _, v := range views {
		if v.Key != "" {
			user = append(user, key.NewBinding(key.WithKeys(v.Key), key.WithHelp(v.Key, i18n.Tf("view: %s", v.Name))))
		}
	}
	if len(user) == 0 {
		return k
	}
	return withUser{KeyMap: k, user: user}
}
