package login

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/store"
	"triage/ui/common"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
)

// TestLoginScreensInChinese draws the login view in Chinese at every size:
// its choices, fields, the advice of a missing password and the browser's
// wait, no line wider than the terminal.
func TestLoginScreensInChinese(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	tests := []struct {
		name  string
		auth  func() *fakeAuth
		keys  []string
		ready string
		busy  bool
	}{
		{"choose_zh", func() *fakeAuth { return &fakeAuth{} }, nil, "你想用哪种方式登录？", false},
		{"account_zh", func() *fakeAuth { return &fakeAuth{} }, []string{"a", "demo", "tab", "enter"}, "请先输入 API 密码", false},
		{"browser_waiting_zh", func() *fakeAuth { return &fakeAuth{flow: newFlow(nil)} }, []string{"b"}, "粘贴浏览器被转到的地址", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uitest.Golden(t, func() common.Service { return uitest.NewService() }, uitest.Screen{
				Build:     func(ctx *common.Context) tea.Model { return uitest.NewHost(New(ctx, tt.auth())) },
				Drive:     func(tm *teatest.TestModel) { uitest.Send(tm, uitest.Keys(tt.keys...)...) },
				Ready:     func(s string) bool { return strings.Contains(s, tt.ready) },
				AllowBusy: tt.busy,
			})
		})
	}
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
