package ui

import (
	"errors"
	"maps"
	"slices"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"

	"triage/store"
	"triage/ui/common"
	"triage/ui/components/picker"
	"triage/ui/i18n"
	"triage/ui/views/board/boardkeys"
	"triage/ui/views/editor"
	"triage/ui/views/errlog"
	helpview "triage/ui/views/help"
	"triage/ui/views/history"
	"triage/ui/views/login"
	"triage/ui/views/mywork"
	"triage/ui/views/queue"
)

// The user's keys (the config's keys:, commands: and views:) are checked
// against the views' own key maps when the config loads: an unknown view
// or action, or a key bound twice in one view, is an error naming the line.

// viewKeyMaps are the default key maps of the views a user may remap, by
// the name keys: gives them ("app" holds the keys every view shares).
func viewKeyMaps() map[string]any {
	b, q, e, p, h, hv, l, el := boardkeys.DefaultKeyMap(), queue.DefaultKeyMap(), editor.DefaultKeyMap(),
		picker.DefaultKeyMap(), history.DefaultKeyMap(), helpview.DefaultKeyMap(), login.DefaultKeyMap(), errlog.DefaultKeyMap()
	mw := mywork.DefaultKeyMap()
	return map[string]any{"app": common.DefaultKeyMap(), "board": &b, "queue": &q, "editor": &e,
		"picker": &p, "history": &h, "help": &hv, "login": &l, "errors": &el, "mywork": &mw}
}

// KeyOverrides checks the config's keys, and the keys of its commands and
// views on the board, and returns the keys to remap the views with.
func KeyOverrides(sec *store.Sections) (common.KeyOverrides, error) {
	if sec == nil {
		return nil, nil
	}
	keyMaps := viewKeyMaps()
	views := slices.Sorted(maps.Keys(keyMaps))
	o := common.KeyOverrides{}
	lines := map[string]map[string]int{} // view → action → line
	for _, kb := range sec.Keys {
		km, ok := keyMaps[kb.View]
		if !ok {
			return nil, errors.New(i18n.Tf("line %d: keys: unknown view %q; the views are %s", kb.Line, kb.View, strings.Join(views, ", ")))
		}
		names := actionNames(km)
		if !slices.Contains(names, kb.Action) {
			return nil, errors.New(i18n.Tf("line %d: keys: %s has no action %q; its actions are %s", kb.Line, kb.View, kb.Action, strings.Join(names, ", ")))
		}
		if o[kb.View] == nil {
			o[kb.View], lines[kb.View] = map[string][]string{}, map[string]int{}
		}
		o[kb.View][kb.Action], lines[kb.View][kb.Action] = kb.Keys, kb.Line
	}
	for _, view := range views {
		km := keyMaps[view]
		o.Remap(view, km)
		if err := checkTwice(view, km, keyMaps["app"].(*common.KeyMap), lines, sec); err != nil {
			return nil, err
		}
	}
	return o, nil
}

// actionNames lists the actions of a key map by name.
func actionNames(km any) []string {
	var names []string
	for _, b := range common.Bindings(km) {
		if n := common.ActionName(b); n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}

// checkTwice reports a key that two actions of a view's help (or, on the
// board, a command or a saved view) share because of the user's keys.
func checkTwice(view string, km any, app *common.KeyMap, userLines map[string]map[string]int, sec *store.Sections) error {
	lines := userLines[view]
	type owner struct {
		name string
		line int // 0: a default key
	}
	taken := map[string]owner{}
	claim := func(k string, o owner) error {
		prev, ok := taken[k]
		switch {
		case !ok:
			taken[k] = o
			return nil
		case prev.line == 0 && o.line == 0:
			return nil // the views' own keys: theirs to keep apart
		}
		line := max(o.line, prev.line)
		return errors.New(i18n.Tf("line %d: keys: %q is bound twice in %s: to %s and to %s", line, k, view, prev.name, o.name))
	}
	if hk, ok := km.(help.KeyMap); ok {
		for _, group := range hk.FullHelp() {
			for _, b := range group {
				name := common.ActionName(&b)
				for _, k := range b.Keys() {
					if err := claim(k, owner{name, lines[name]}); err != nil {
						return err
					}
				}
			}
		}
	}
	if view != "board" {
		return nil
	}
	// The keys the root takes before the board: quit, help, the errors.
	for _, b := range []*key.Binding{&app.Quit, &app.Help, &app.Errors} {
		name := common.ActionName(b)
		for _, k := range b.Keys() {
			if err := claim(k, owner{"app " + name, userLines["app"][name]}); err != nil {
				return err
			}
		}
	}
	for _, c := range sec.Commands {
		if err := claim(c.Key, owner{"command " + c.Name, c.Line}); err != nil {
			return err
		}
	}
	for _, v := range sec.Views {
		if v.Key == "" {
			continue
		}
		if err := claim(v.Key, owner{"view " + v.Name, v.Line}); err != nil {
			return err
		}
	}
	return nil
}
