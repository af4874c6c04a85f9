package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestCommandsSayInChinese: with TRIAGE_LANG=zh-CN, serve's start line,
// login's success line and the note that the environment still decides,
// logout's line, new's created line and its refusal of a bug without
// its severity (golden), and the login question asked on a
// terminal are in Chinese.
func TestCommandsSayInChinese(t *testing.T) {
	t.Setenv("TRIAGE_LANG", "zh-CN")
	s := startServe(t)
	started := "triage serve：正在监听 " + s.env["TRIAGE_BASE_URL"] + "（Ctrl-C 停止）"
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(s.stderrText(), started); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("serve's start line is not %q:\n%s", started, s.stderrText())
		}
	}
	env := appEnv(t, s, s.env["TRIAGE_BASE_URL"])
	out, errOut, code := runBinary(t, env, s.env["TRIAGE_TOKEN"]+"\n", "login", "--token", "--insecure-storage")
	if want := "已以 demo (Demo User) 登录 " + s.env["TRIAGE_BASE_URL"] + "（个人访问令牌），永不过期。\n"; code != 0 || out != want {
		t.Errorf("login (exit %d) printed %q, want %q; stderr:\n%s", code, out, want, errOut)
	}
	if !strings.Contains(errOut, "注意：环境变量中设置了 TRIAGE_TOKEN，triage 仍使用它，而不是现在保存的登录；取消设置它，现在保存的登录才会生效。") {
		t.Errorf("login's note is not in Chinese:\n%s", errOut)
	}
	out, errOut, code = runBinary(t, env, "", "new", "--kind", "task", "--title", "准备发布检查清单", "--insecure-storage")
	if code != 0 || !strings.HasPrefix(out, "已创建任务 #") || !strings.Contains(out, "：准备发布检查清单\n") {
		t.Errorf("new (exit %d) printed:\n%s%s", code, out, errOut)
	}
	refused := []string{"new", "--kind", "bug", "--title", "Invoice totals are off by a cent"}
	out, errOut, code = runBinary(t, billingLegacyEnv(t, s, s.env["TRIAGE_BASE_URL"]), "", refused...)
	golden(t, "cli/new_refused_zh.golden", fmt.Sprintf("$ TRIAGE_LANG=zh-CN triage %s\n# exit %d\n# stdout\n%s# stderr\n%s", strings.Join(refused, " "), code, out, errOut))
	if code != 1 || !strings.Contains(errOut, "Billing Legacy 要求填写 severity：新建缺陷必须带上它") {
		t.Errorf("new refused a bug without its severity (exit %d) with:\n%s", code, errOut)
	}
	out, errOut, code = runBinary(t, env, "", "logout", "--insecure-storage")
	if want := "已退出登录 " + s.env["TRIAGE_BASE_URL"] + "。\n"; code != 0 || out != want {
		t.Errorf("logout (exit %d) printed %q, want %q; stderr:\n%s", code, out, want, errOut)
	}

	requireTmux(t)
	ask := append(appEnv(t, s, s.env["TRIAGE_BASE_URL"]), "TRIAGE_TOKEN=")
	term := startTerminal(t, 120, 40, ask, triageBinary(t), "login", "--insecure-storage")
	term.WaitFor(20*time.Second, "你想如何登录 "+s.env["TRIAGE_BASE_URL"]+"？", "1) 用个人访问令牌（在网页设置中生成：",
		"2) 在浏览器中（OAuth；需要 OAuth 应用：请设置 TRIAGE_CLIENT_ID and TRIAGE_CLIENT_SECRET）", "3) 用 API 账号（Basic）", "选择 [1]：")
	term.Send("1", "Enter")
	term.WaitFor(10*time.Second, "个人访问令牌：")
}

// stderrText is what serve has written on stderr so far, read under the
// lock its writes take.
func (s *served) stderrText() string {
	l := s.cmd.Stderr.(*lockedWriter)
	l.mu.Lock()
	defer l.mu.Unlock()
	return s.stderr.String()
}
