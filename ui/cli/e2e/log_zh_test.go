package e2e

import (
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// TestLogInChinese runs the built `triage log` with TRIAGE_LANG=zh-CN in
// tmux at 120×40 and 80×24 over the recorded outbox: headers, changes and
// states in Chinese, columns lined up by display width, no line wider
// than the terminal; piped, the lines are the English ones scripts read.
func TestLogInChinese(t *testing.T) {
	requireTmux(t)
	env, here := standUpOutbox(t)
	zh := append(env, "TRIAGE_LANG=zh-CN")
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		term := startTerminal(t, size[0], size[1], zh, triageBinary(t), "log", "--base-url", here)
		screen := term.WaitFor(20*time.Second, "[exit 0]", "时间", "你 · 等待中")
		table := logTable(screen, "时间")
		golden(t, "log/today_zh_"+map[int]string{120: "120x40", 80: "80x24"}[size[0]]+".golden", strings.Join(table, "\n")+"\n")
		checkLogColumns(t, table, "类型", "项目", "变更", "谁 · 状态")
		for _, l := range strings.Split(screen, "\n") {
			if w := ansi.StringWidth(l); w > size[0] {
				t.Errorf("at %dx%d a line takes %d cells: %q", size[0], size[1], w, l)
			}
		}
	}
	piped := func(env []string) string {
		cmd := exec.Command(triageBinary(t), "log", "--base-url", here)
		cmd.Env = env
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("triage log: %v", err)
		}
		return string(out)
	}
	if zhOut, enOut := piped(zh), piped(env); zhOut != enOut || !strings.Contains(enOut, "you · waiting") {
		t.Errorf("piped, the log reads otherwise in Chinese:\n%s\nin English:\n%s", zhOut, enOut)
	}
}
