package picker

import (
	"testing"

	"triage/ui/i18n"
	"triage/ui/internal/uitest"
)

// TestPickerScreensInChinese draws the picker in Chinese at every size:
// its filter's hint, the current mark, and what it says when nothing
// matches, no line wider than the terminal.
func TestPickerScreensInChinese(t *testing.T) {
	uitest.InChinese(t)
	uitest.Goldens(t,
		pickerCase("workspaces_zh", "切换项目", spaces(), []string{"down"}, "（当前）"),
		pickerCase("no_match_zh", "切换项目", spaces(), []string{"zzz"}, "没有匹配"),
		pickerCase("empty_zh", "切换项目", nil, nil, "没有可选的内容"),
	)
}

// TestPickerKeysAreCatalogued: every key of the picker says what it does
// in both languages, and the filter's key, which is words, is named in
// Chinese too.
func TestPickerKeysAreCatalogued(t *testing.T) {
	uitest.InChinese(t)
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
