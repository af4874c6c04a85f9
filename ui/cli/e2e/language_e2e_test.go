package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBoardAndHelpInChinese drives the built binary in tmux against
// `triage serve` with TRIAGE_LANG=zh-CN, at 120×40 and 80×24: the tabs,
// the information line, the column titles, the help line and ? help in
// TAPD's words, the layout whole (tabs on the first line, the status line
// on the last) though each Chinese rune takes two cells, and the data of
// the service as it is.
func TestBoardAndHelpInChinese(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		counter := &pathCounter{n: map[string]int{}}
		proxy := counter.wrap(t, s.env["TRIAGE_BASE_URL"])
		env := append(appEnv(t, s, proxy.URL), "TRIAGE_LANG=zh-CN")
		term := startTerminal(t, size[0], size[1], env, triageBinary(t), "--insecure-storage")
		screen := term.WaitFor(20*time.Second, "需求 240", "全部需求，未筛选", "无优先级", "High", "下一优先级", "? 帮助")
		checkLayout(t, screen, size, "需求 240", "Atlas Web")
		term.Send("Tab")
		screen = term.WaitFor(20*time.Second, "全部缺陷，未筛选", "缺陷 180")
		checkLayout(t, screen, size, "缺陷 180", "Atlas Web")
		term.Send("?")
		screen = term.WaitFor(10*time.Second, "按键 — 看板", "左一列", "下一优先级", "关闭帮助")
		checkLayout(t, screen, size, "按键 — 看板", "Atlas Web")
		total := 0
		for _, n := range counter.n {
			total += n
		}
		t.Logf("%dx%d: %d requests: %v", size[0], size[1], total, counter.n)
	}
}

// checkLayout fails when a line of screen overflowed: the first line no
// longer holds first, or the last no longer holds last.
func checkLayout(t *testing.T, screen string, size [2]int, first, last string) {
	t.Helper()
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if len(lines) != size[1] || !strings.Contains(lines[0], first) || !strings.Contains(lines[len(lines)-1], last) {
		t.Errorf("at %dx%d the screen is not whole (%d lines, first %q, last %q):\n%s", size[0], size[1], len(lines), lines[0], lines[len(lines)-1], screen)
	}
}

// TestLanguageFromTheConfigAndTheLocale: language: in the config file and
// the locale choose the language of the board, and TRIAGE_LANG wins.
func TestLanguageFromTheConfigAndTheLocale(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	for _, c := range []struct {
		name, config string
		env          []string
		want         string
	}{
		{"language: zh-CN", "language: zh-CN\n", []string{"TRIAGE_LANG=", "LANG=C.UTF-8", "LC_ALL="}, "需求 240"},
		{"the locale", "", []string{"TRIAGE_LANG=", "LANG=zh_CN.UTF-8", "LC_ALL="}, "需求 240"},
		{"TRIAGE_LANG wins", "language: zh-CN\n", []string{"TRIAGE_LANG=en", "LANG=zh_CN.UTF-8"}, "Stories 240"},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := append(appEnv(t, s, s.env["TRIAGE_BASE_URL"]), c.env...)
			if c.config != "" {
				dir := filepath.Join(envValue(env, "XDG_CONFIG_HOME"), "triage")
				if err := os.MkdirAll(dir, 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(c.config), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
			term.WaitFor(20*time.Second, c.want, "Atlas Web")
		})
	}
}

// envValue is the value of name in an environment list.
func envValue(env []string, name string) string {
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			return v
		}
	}
	return ""
}

// TestHelpOfTheBinaryInChinese: `triage --help` and a command's --help
// print in Chinese with TRIAGE_LANG=zh-CN; commands and flags stay.
func TestHelpOfTheBinaryInChinese(t *testing.T) {
	out, errOut, code := runBinary(t, []string{"TRIAGE_LANG=zh-CN"}, "", "--help")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"triage：用键盘分诊 TAPD 的需求、缺陷和任务。", "triage status [--offline] [--json] [global flags]", "谁已登录，经服务核实", "--workspace ID", "要打开的项目 ID"} {
		if !strings.Contains(out, want) {
			t.Errorf("triage --help lacks %q:\n%s", want, out)
		}
	}
}

// TestStatusInChinese runs `triage status` against `triage serve` with
// TRIAGE_LANG=zh-CN: labels, verdict and values in Chinese, lined up by
// display width; --json keeps its keys and values.
func TestStatusInChinese(t *testing.T) {
	s := startServe(t)
	env := append(appEnv(t, s, s.env["TRIAGE_BASE_URL"]), "TRIAGE_LANG=zh-CN")
	out, errOut, code := runBinary(t, env, "", "status", "--insecure-storage")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "服务：      " + s.env["TRIAGE_BASE_URL"] + "\n" +
		"状态：      ✓ 已登录：服务确认了个人访问令牌\n" +
		"用户：      demo (Demo User)\n" +
		"方式：      个人访问令牌\n" +
		"过期：      永不\n" +
		"存放于：    环境变量（TRIAGE_TOKEN）\n" +
		"使用中：    来自环境变量的 TRIAGE_TOKEN\n" +
		"速率限制：  无（本机上的服务）\n"
	if out != want {
		t.Errorf("triage status in Chinese:\n%s\nwant:\n%s", out, want)
	}
	out, errOut, code = runBinary(t, env, "", "status", "--json", "--insecure-storage")
	if code != 0 || !strings.Contains(out, `"state": "logged_in"`) || !strings.Contains(out, `"method": "token"`) {
		t.Errorf("triage status --json in Chinese (exit %d, %s):\n%s", code, errOut, out)
	}
}

// TestCLIGoldenInChinese compares `triage --help` and a command's --help
// printed with TRIAGE_LANG=zh-CN with the golden files.
func TestCLIGoldenInChinese(t *testing.T) {
	bin := triageBinary(t)
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"help_zh", []string{"--help"}},
		{"set_help_zh", []string{"set", "--help"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(bin, tt.args...)
			cmd.Env = []string{"HOME=" + t.TempDir(), "TRIAGE_LANG=zh-CN"}
			var out, errOut bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &errOut
			if err := cmd.Run(); err != nil {
				t.Fatalf("triage %s: %v: %s", strings.Join(tt.args, " "), err, errOut.String())
			}
			golden(t, filepath.Join("cli", tt.name+".golden"), "$ TRIAGE_LANG=zh-CN triage "+strings.Join(tt.args, " ")+"\n# stdout\n"+out.String()+"# stderr\n"+errOut.String())
		})
	}
}
