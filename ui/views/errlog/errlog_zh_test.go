package errlog

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
)

// TestErrorLogScreensInChinese draws the empty error log in Chinese at
// every size, no line wider than the terminal.
func TestErrorLogScreensInChinese(t *testing.T) {
	uitest.InChinese(t)
	uitest.Golden(t, func() common.Service { return uitest.NewService() }, uitest.Screen{
		Build: func(ctx *common.Context) tea.Model { return uitest.NewHost(New(ctx, nil)) },
		Ready: func(s string) bool { return strings.Contains(s, "本次运行还没有错误") },
	})
}

// TestErrorLogInChinese: the log's title counts the errors in Chinese, and
// each error is shown as it was reported, under its time; its key closes
// it in Chinese too.
func TestErrorLogInChinese(t *testing.T) {
	uitest.InChinese(t)
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 80, 24)
	m := New(ctx, []Entry{{At: uitest.Clock, Text: "first error"}, {At: uitest.Clock.Add(time.Minute), Text: "second error"}})
	screen := ansi.Strip(m.View())
	for _, want := range []string{"最近的错误（2 条），最新在前", "second error", "first error"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the log lacks %q:\n%s", want, screen)
		}
	}
	if strings.Index(screen, "second error") > strings.Index(screen, "first error") {
		t.Errorf("the newest error is not first:\n%s", screen)
	}
	uitest.CheckFits(t, screen, 80, 24)
	if m.Title() != "最近的错误" {
		t.Errorf("title %q", m.Title())
	}
	for _, group := range m.KeyMap().FullHelp() {
		for _, b := range group {
			if missing := i18n.Missing(b.Help().Desc); len(missing) > 0 {
				t.Errorf("key %s: %q is missing from the %v catalogue", b.Help().Key, b.Help().Desc, missing)
			}
		}
	}
}
