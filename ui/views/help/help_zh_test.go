package help

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"

	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
	"triage/ui/views/board/boardkeys"
)

// TestHelpScreensInChinese draws the board's ? help in Chinese at every
// size, from the board's own key map: each description in TAPD's words,
// no line wider than the terminal.
func TestHelpScreensInChinese(t *testing.T) {
	uitest.InChinese(t)
	maps := []help.KeyMap{boardkeys.DefaultKeyMap(), common.DefaultKeyMap()}
	uitest.Goldens(t, helpCase("board_zh", i18n.T("Board"), maps, nil, func(s string) bool {
		return strings.Contains(s, "按键 — 看板") && strings.Contains(s, "左一列")
	}))
}

// TestKeyDescriptionsAreCatalogued walks the key maps whose descriptions
// the help and the status bar translate where they draw them: the board's,
// worded after each field it can be grouped by, with its prompts' answers,
// the global keys and the help's own.
func TestKeyDescriptionsAreCatalogued(t *testing.T) {
	var bindings []key.Binding
	for _, f := range []engine.Field{engine.Priority, engine.Status, engine.Owner, engine.Iteration} {
		k := boardkeys.DefaultKeyMap()
		k.LabelGroup(f)
		for _, g := range k.FullHelp() {
			bindings = append(bindings, g...)
		}
		bindings = append(bindings, k.ShortHelp()...)
		bindings = append(bindings, k.Confirm, k.Cancel, k.KeepMine, k.TakeTheirs, k.RenameView, k.DeleteView, k.Accept)
	}
	global := common.DefaultKeyMap()
	for _, g := range global.FullHelp() {
		bindings = append(bindings, g...)
	}
	bindings = append(bindings, global.Errors)
	for _, g := range DefaultKeyMap().FullHelp() {
		bindings = append(bindings, g...)
	}
	for _, b := range bindings {
		if d := b.Help().Desc; len(i18n.Missing(d)) > 0 {
			t.Errorf("key %s: %q is missing from the %v catalogue", b.Help().Key, d, i18n.Missing(d))
		}
	}
}
