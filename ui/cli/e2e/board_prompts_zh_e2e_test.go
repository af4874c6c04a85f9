package e2e

import (
	"testing"
	"time"
)

// TestBoardPromptsInChinese drives the built binary in tmux against
// `triage serve` with TRIAGE_LANG=zh-CN, at 120×40 and 80×24: the priority
// picker, the status move, the bulk preview with its costs, a filter that
// cannot be read and the box that saves a view speak TAPD's words, and the
// screen stays whole (tabs on the first line, the status line on the last).
func TestBoardPromptsInChinese(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		env := append(appEnv(t, s, s.env["TRIAGE_BASE_URL"]), "TRIAGE_LANG=zh-CN")
		term := startTerminal(t, size[0], size[1], env, triageBinary(t), "--insecure-storage")
		term.WaitFor(20*time.Second, "需求 240", "全部需求，未筛选", "Atlas Web")
		term.Send("p")
		checkLayout(t, term.WaitFor(10*time.Second, "#3 的优先级", "无  清除优先级"), size, "需求 240", "Atlas Web")
		term.Send("Escape")
		term.WaitFor(10*time.Second, "] 下一优先级")
		term.Send("m")
		checkLayout(t, term.WaitFor(10*time.Second, "将 #3 从 Planning 移动到", "Developing"), size, "需求 240", "Atlas Web")
		term.Send("Escape")
		term.WaitFor(10*time.Second, "] 下一优先级")
		term.Send("Space", "j", "Space", "l", "Space", "3")
		checkLayout(t, term.WaitFor(10*time.Second, "移动已标记的 3 个需求？", "3 项：无优先级 → Low", "2 次请求", "附带原因（c）：5 次请求", "y/enter 确认"),
			size, "需求 240", "已标记 3 个")
		term.Send("n")
		term.WaitFor(10*time.Second, "没有修改；已标记 3 个")
		term.Send("Escape")
		term.WaitFor(10*time.Second, "已清除 3 个标记")
		term.Send("/")
		term.Type("foo:bar")
		checkLayout(t, term.WaitFor(10*time.Second, "✗ foo: 不是字段，按文本搜索"), size, "需求 240", "Atlas Web")
		term.Send("C-u")
		term.Type("created:soon")
		checkLayout(t, term.WaitFor(10*time.Second, "✗ created:soon 不是时间："), size, "需求 240", "Atlas Web")
		term.Send("C-u")
		term.Send("Escape")
		term.WaitFor(10*time.Second, "全部需求，未筛选")
		term.Send("C-s")
		checkLayout(t, term.WaitFor(10*time.Second, "将当前显示保存为视图", "需求 · 看板 · 按优先级分组", "enter 保存 · ctrl+u 清空 · esc 取消"),
			size, "需求 240", "Atlas Web")
	}
}
