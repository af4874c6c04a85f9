package mywork_test

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/engine/mine"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
	"triage/ui/views/mywork"
)

// TestMyWorkScreensInChinese draws my work in Chinese at every size: its
// title's counts, the note of the workspaces the login does not reach,
// the cards' kinds in TAPD's words, and grouped by priority; no line wider
// than the terminal.
func TestMyWorkScreensInChinese(t *testing.T) {
	uitest.InChinese(t)
	tests := []struct {
		name  string
		keys  []string
		ready string
	}{
		{"by_workspace_zh", nil, "Atlas Web (12)"},
		{"by_priority_zh", []string{"b"}, "按优先级分组"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uitest.Golden(t, func() common.Service { return newWorkService(3, 4, 10022002, 10022003) }, uitest.Screen{
				Build: func(ctx *common.Context) tea.Model {
					return uitest.NewHost(mywork.New(ctx, engine.New(ctx)))
				},
				Drive: func(tm *teatest.TestModel) {
					teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return strings.Contains(ansi.Strip(string(b)), "(12)") })
					uitest.Send(tm, uitest.Keys(tt.keys...)...)
				},
				Ready: func(s string) bool { return strings.Contains(s, tt.ready) },
			})
		})
	}
}

// TestMyWorkInChinese: the title counts items and workspaces with Chinese
// measure words, and the note says in Chinese which workspaces the login
// does not reach and how to reach them.
func TestMyWorkInChinese(t *testing.T) {
	uitest.InChinese(t)
	svc := newWorkService(3, 4, 10022002, 10022003)
	v, _ := open(svc, nil)
	d := uitest.NewViewDriver(t, v)
	d.Run(v.Init())
	d.Until("my work is read", func() bool { return strings.Contains(v.View(), "(12)") })
	screen := strings.Join(strings.Fields(ansi.Strip(v.View())), " ")
	for _, want := range []string{
		"我的工作 · 1 个项目中的 12 个条目 · 按项目分组",
		"此登录只能访问 Atlas Web，所以我的工作只包含它：要同时看到 星河移动、Billing Legacy，请用个人访问令牌登录（triage login --token）或授权（triage login --web）。",
		"Atlas Web 需求",
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	if v.Title() != "我的工作" {
		t.Errorf("title %q", v.Title())
	}
}

// TestMyWorkWordsAreCatalogued walks the words my work translates where it
// draws them: its keys' help.
func TestMyWorkWordsAreCatalogued(t *testing.T) {
	var words []string
	for _, group := range mywork.DefaultKeyMap().FullHelp() {
		for _, b := range group {
			words = append(words, b.Help().Desc)
		}
	}
	for _, w := range words {
		if missing := i18n.Missing(w); len(missing) > 0 {
			t.Errorf("%q is drawn translated but missing from the %v catalogue", w, missing)
		}
	}
}

// TestRankNamesFollowTheRanks: the message that names the priority ranks
// in English is mine.Ranks, in their order, and names as many in Chinese.
func TestRankNamesFollowTheRanks(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.English)
	english := "Urgent|High|Middle|Low|Nice to have|Other priority|No priority"
	if got := strings.Join(mine.Ranks, "|"); got != english {
		t.Fatalf("mine.Ranks are %q; the message naming them is %q: change both", got, english)
	}
	i18n.Use(i18n.Chinese)
	if got := strings.Split(i18n.T(english), "|"); len(got) != len(mine.Ranks) || got[0] != "紧急" {
		t.Errorf("the ranks in Chinese: %q", got)
	}
}
