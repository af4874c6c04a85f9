package picker

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/ui/common"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
)

// TestPickerScreensInChinese draws the picker in Chinese at every size:
// its filter's hint, the current mark, and what it says when nothing
// matches, no line wider than the terminal.
func TestPickerScreensInChinese(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	tests := []struct {
		name  string
		items []Item
		keys  []string
		ready string
	}{
		{"workspaces_zh", spaces(), []string{"down"}, "（当前）"},
		{"no_match_zh", spaces(), []string{"zzz"}, "没有匹配"},
		{"empty_zh", nil, nil, "没有可选的内容"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uitest.Golden(t, func() common.Service { return uitest.NewService() }, uitest.Screen{
				Build: func(ctx *common.Context) tea.Model {
					m := New(ctx, "切换项目", tt.items)
					if len(tt.items) > 0 {
						m.SetCurrent(tt.items[0].Value)
					}
					return uitest.NewHost(m)
				},
				Drive: func(tm *teatest.TestModel) { uitest.Send(tm, uitest.Keys(tt.keys...)...) },
				Ready: func(s string) bool { return strings.Contains(s, tt.ready) },
			})
		})
	}
}

// TestPickerKeysAreCatalogued: every key of the picker says what it does
// in both languages, and the filter's key, which is words, is named in
// Chinese too.
func TestPickerKeysAreCatalogued(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	if got := DefaultKeyMap().Filter.Help().Key; got != "/ 或直接输入" {
		t.Errorf("the filter's key is named %q in Chinese", got)
	}
	for _, group := range DefaultKeyMap().FullHelp() {
		for _, b := range group {
			if missing := i18n.Missing(b.Help().Desc); len(missing) > 0 {
				t.Errorf("key %s: %q is missing from the %v catalogue", b.Help().Key, b.Help().Desc, missing)
			}
		}
	}
}
