package login

import (
	"testing"

	"triage/store"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
)

// TestLoginScreensInChinese draws the login view in Chinese at every size:
// its choices, fields, the advice of a missing password and the browser's
// wait, no line wider than the terminal.
func TestLoginScreensInChinese(t *testing.T) {
	uitest.InChinese(t)
	plain := func() *fakeAuth { return &fakeAuth{} }
	uitest.Goldens(t,
		loginCase("choose_zh", plain, "", nil, "你想用哪种方式登录？", false),
		loginCase("account_zh", plain, "", []string{"a", "demo", "tab", "enter"}, "请先输入 API 密码", false),
		loginCase("browser_waiting_zh", func() *fakeAuth { return &fakeAuth{flow: newFlow(nil)} }, "", []string{"b"}, "粘贴浏览器被转到的地址", true),
	)
}

// TestLoginWordsAreCatalogued walks what the login view translates where
// it draws it: its choices, its field labels, its own errors and its keys.
func TestLoginWordsAreCatalogued(t *testing.T) {
	words := []string{"Token", "API user", "Password", new(store.Keyring).Location()}
	for _, mt := range methods {
		words = append(words, mt.title, mt.hint)
	}
	for _, err := range []error{errNoToken, errNoUser, errNoPassword, errNoPaste} {
		words = append(words, err.Error())
	}
	for _, g := range DefaultKeyMap().FullHelp() {
		for _, b := range g {
			words = append(words, b.Help().Desc)
		}
	}
	for _, w := range words {
		if missing := i18n.Missing(w); len(missing) > 0 {
			t.Errorf("%q is drawn translated but missing from the %v catalogue", w, missing)
		}
	}
}
