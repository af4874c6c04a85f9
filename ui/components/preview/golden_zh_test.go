package preview

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
)

// chineseBug is a bug read whole, with a custom field, two attachments,
// a comment and changes since the user last looked.
func chineseBug() (Key, *fileReader) {
	key := Key{api.Bug, "1110022001000000001"}
	r := &fileReader{fakeReader: fakeReader{whole: map[Key]engine.Whole{key: {
		Item: api.Item{ID: key.ID, Kind: api.Bug, Title: "结算页面金额显示错误", Created: "2026-11-20 18:00:00", Modified: "2026-11-21 09:30:00",
			Description: "<p>下单后金额少了运费。</p><ol><li>加入购物车</li><li>去结算</li></ol>"},
		Comments: []api.Comment{{Author: "alice", Created: "2026-11-21 10:00:00", Description: "<p>已复现。</p>"}},
	}}}, files: map[Key]engine.Attachments{key: {
		List: []api.Attachment{
			{ID: "a1", Filename: "截图.png", ContentType: "image/png", Owner: "alice", Created: "2026-11-20 18:00:00"},
			{ID: "a2", Filename: "console.log", ContentType: "text/plain", Owner: "bob", Created: "2026-11-21 09:30:00"},
		},
		Sizes: map[string]int64{"a2": 2150},
	}}}
	return key, r
}

// TestPaneScreensInChinese lays the pane in Chinese under a view (80×24,
// 120×40) and beside it (160×40), at its top and scrolled to its end: the
// field names in TAPD's words, a custom field by the workspace's name, the
// changes, the description, the attachments and the comments, and the
// signs of the lines above and below; no line wider than the terminal.
func TestPaneScreensInChinese(t *testing.T) {
	uitest.InChinese(t)
	for _, size := range [][2]int{{80, 24}, {120, 40}, {160, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			key, r := chineseBug()
			ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], size[0], size[1])
			p := New(ctx, r)
			p.FileKeys = "F 选择 · O 打开 · K 保存"
			p.ScrollKeys = "ctrl+d/ctrl+u"
			p.Changes = func(api.Item) ([]engine.ChangeShown, bool, bool, bool) {
				return []engine.ChangeShown{{Who: "bob", When: "10:05", What: []string{"状态 新 → 处理中"}}}, true, false, true
			}
			p.Toggle()
			p.Follow(key, true)
			name := func(api.Item) Names {
				return Names{Priority: "高", Status: "处理中", Owner: "anyechen", Iteration: "迭代 12",
					Custom: []Custom{{Name: "来源渠道", Value: "客户反馈"}}}
			}
			w := size[0]
			if Beside(size[0]) {
				w = size[0] - SideW - 1
			}
			var view []string
			for i := range 6 {
				view = append(view, common.Fit(fmt.Sprintf("  #%d 条目", i+1), w))
			}
			lay := func() string {
				return p.Lay(strings.Join(view, "\n"), w, size[0], size[1]-1, api.Item{ID: key.ID, Kind: api.Bug, Title: "结算页面金额显示错误"}, true, name)
			}
			top := lay()
			seen := top
			for range 10 {
				p.Scroll(Step)
				seen += "\n" + lay()
			}
			end := lay()
			screen := ansi.Strip(seen)
			for _, want := range []string{"优先级", "状态", "处理人", "迭代", "来源渠道  客户反馈", "创建时间", "修改于", "自上次查看后的变更",
				"附件（2） · F 选择", "▸ 截图.png · image/png · alice", "评论", "alice · 2026-11-21 02:00", "已复现。"} {
				if !strings.Contains(screen, want) {
					t.Errorf("the pane lacks %q:\n%s", want, screen)
				}
			}
			if !Beside(size[0]) && (!strings.Contains(top, "↓ 下方还有") || !strings.Contains(end, "↑ 上方还有")) {
				t.Errorf("the pane under the view does not say in Chinese what lies above and below:\n%s", screen)
			}
			for _, out := range []string{top, end} {
				uitest.CheckFits(t, out, size[0], size[1])
			}
			golden.RequireEqual(t, top+"\n\n"+end)
		})
	}
}

// TestPaneSaysWhyNothingHappensInChinese: the attachment keys say in
// Chinese why they did nothing.
func TestPaneSaysWhyNothingHappensInChinese(t *testing.T) {
	uitest.InChinese(t)
	key := Key{api.Story, "7"}
	r := &fileReader{fakeReader: fakeReader{whole: map[Key]engine.Whole{key: {}}}, files: map[Key]engine.Attachments{}}
	p := New(common.NewContext(nil, true), r)
	said := func(cmd tea.Cmd) string { return cmd().(common.StatusMsg).Text }
	if got := said(p.OpenFile()); got != "打开预览（P）查看条目的附件" {
		t.Errorf("closed pane: %q", got)
	}
	p.Toggle()
	p.Follow(key, true)
	r.files[key] = engine.Attachments{}
	if got := said(p.NextFile()); got != "此条目没有附件" {
		t.Errorf("no files: %q", got)
	}
	out := ansi.Strip(p.View(60, 20, api.Item{}, false, func(api.Item) Names { return Names{} }))
	if !strings.Contains(out, "未选中条目") {
		t.Errorf("with nothing selected the pane shows:\n%s", out)
	}
}
