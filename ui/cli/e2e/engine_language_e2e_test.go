package e2e

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// The engine's words on the status line, in Chinese.
var (
	loadWaitsZh  = regexp.MustCompile(`正在加载需求 等待速率限制 · (\d+)s`)
	editWaitsZh  = regexp.MustCompile(`1 个修改等待速率限制 · (\d+)s 后发送`)
	prioritySaid = regexp.MustCompile(`#(\d+) 无 → High`)
)

// TestEngineNotesAndWaitsInChinese drives the built binary in tmux against
// `triage serve --rate 3 --rate-window 4s` with TRIAGE_LANG=zh-CN, at
// 120×40 and 80×24: the first load waits for the rate limit with its
// countdown; once the board is in, u says that there is nothing to undo,
// and ] moves a card whose edit waits for the rate limit with its own
// countdown (the test spends the window first, so that the wait is long
// enough to see), and the status line says the change once sent; every
// screen stays whole though each Chinese rune takes two cells.
func TestEngineNotesAndWaitsInChinese(t *testing.T) {
	requireTmux(t)
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		s := startServe(t, "--rate", "3", "--rate-window", "4s")
		env := append(appEnv(t, s, s.env["TRIAGE_BASE_URL"]), "TRIAGE_LANG=zh-CN")
		term := startTerminal(t, size[0], size[1], env, triageBinary(t), "--insecure-storage")
		screen := matchingScreen(t, term, loadWaitsZh, 60*time.Second)
		checkLayout(t, screen, size, "需求", "正在加载需求 等待速率限制")
		checkWidths(t, screen, size[0])
		t.Logf("%dx%d, the load's wait:\n%s", size[0], size[1], lastLines(screen, 1))

		term.WaitFor(90*time.Second, "需求 240", "全部需求，未筛选")
		term.Send("u")
		screen = term.WaitFor(10*time.Second, "没有可撤销的：本次会话的修改已全部撤销")
		checkLayout(t, screen, size, "需求 240", "没有可撤销的")
		checkWidths(t, screen, size[0])
		t.Logf("%dx%d, a note:\n%s", size[0], size[1], lastLines(screen, 1))
		spendRateWindow(t, s, 3)
		term.Send("]")
		screen = matchingScreen(t, term, editWaitsZh, 30*time.Second)
		checkLayout(t, screen, size, "需求 240", "个修改等待速率限制")
		checkWidths(t, screen, size[0])
		t.Logf("%dx%d, the edit's wait:\n%s", size[0], size[1], lastLines(screen, 2))
		waitForMatch(t, term, prioritySaid, 60*time.Second)
		t.Logf("%dx%d, the change said:\n%s", size[0], size[1], lastLines(term.Screen(), 1))
	}
}

// checkWidths fails when a line of screen takes more cells than the
// terminal is wide.
func checkWidths(t *testing.T, screen string, width int) {
	t.Helper()
	for _, line := range strings.Split(screen, "\n") {
		if w := ansi.StringWidth(line); w > width {
			t.Errorf("a line takes %d cells of %d: %q", w, width, line)
		}
	}
}

// lastLines is the last n lines of a screen.
func lastLines(screen string, n int) string {
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	return strings.Join(lines[max(len(lines)-n, 0):], "\n")
}
