package e2e

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// closedAddress is an address of 127.0.0.1 that nothing listens on.
func closedAddress(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	return addr
}

// TestCommandErrorsInChinese: with TRIAGE_LANG=zh-CN a command's error on
// stderr is in Chinese, what to do first: the service out of reach, a
// refused token against `triage serve` (the service's own words as they
// are), an unknown setting in the config file, and an unknown flag.
func TestCommandErrorsInChinese(t *testing.T) {
	s := startServe(t)
	down := closedAddress(t)
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "config", "triage"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(home, "config", "triage", "config.yaml"), []byte("colour: red\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		env  []string
		args []string
		code int
		says string
	}{
		{"service out of reach", homeEnv(t.TempDir(), "TRIAGE_BASE_URL=http://"+down, "TRIAGE_TOKEN="+badToken, "TRIAGE_WORKSPACE=10022001"), nil, 3,
			"triage: 请检查网络和服务地址后重试：读取缺陷字段：无法连接服务（dial tcp " + down + ": connect: connection refused）\n"},
		{"refused token", homeEnv(t.TempDir(), "TRIAGE_BASE_URL="+s.env["TRIAGE_BASE_URL"], "TRIAGE_TOKEN="+badToken, "TRIAGE_WORKSPACE=10022001"), nil, 1,
			"triage: 请在 TRIAGE_TOKEN 中设置有效的令牌，或取消设置 TRIAGE_TOKEN 后运行 `triage login`：读取缺陷字段：访问令牌被拒绝（422：The access token provided is invalid）［请求 "},
		{"unknown setting", homeEnv(home, "TRIAGE_BASE_URL="+s.env["TRIAGE_BASE_URL"], "TRIAGE_TOKEN="+s.env["TRIAGE_TOKEN"]), nil, 1,
			"triage: 配置 " + filepath.Join(home, "config", "triage", "config.yaml") + "：第 1 行：未知设置 \"colour\"；可用的设置有 base_url, "},
		{"unknown flag", homeEnv(t.TempDir(), "TRIAGE_BASE_URL="+s.env["TRIAGE_BASE_URL"], "TRIAGE_TOKEN="+s.env["TRIAGE_TOKEN"]), []string{"--bogus"}, 2,
			"triage: \"triage list\" 没有参数 --bogus（见 'triage list --help'）\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"list", "--kind", "bug"}, tt.args...)
			out, errOut, code := runBinary(t, append(tt.env, "TRIAGE_LANG=zh-CN"), "", args...)
			t.Logf("triage %s:\n%s", strings.Join(args, " "), errOut)
			if code != tt.code || out != "" || !strings.HasPrefix(errOut, tt.says) {
				t.Errorf("exit %d (want %d), stdout %q, stderr\n%q\nwant it to start with\n%q", code, tt.code, out, errOut, tt.says)
			}
		})
	}
}

// TestBoardStatusLineErrorInChinese drives the built binary in tmux with
// TRIAGE_LANG=zh-CN at 120×40 and 80×24: `triage serve` stops under the
// open board, r refreshes, and the status line says in Chinese what to do
// first, within its width; ! shows the error whole.
func TestBoardStatusLineErrorInChinese(t *testing.T) {
	requireTmux(t)
	for _, size := range [][2]int{{120, 40}, {80, 24}} {
		s := startServe(t)
		env := append(appEnv(t, s, s.env["TRIAGE_BASE_URL"]), "TRIAGE_LANG=zh-CN")
		term := startTerminal(t, size[0], size[1], env, triageBinary(t), "--insecure-storage")
		term.WaitFor(20*time.Second, "需求 240", "Atlas Web")
		if err := s.stop(t); err != nil {
			t.Fatalf("serve: %v", err)
		}
		term.Send("r")
		screen := term.WaitFor(30*time.Second, "✗ 请检查网络和服务地址后重试：")
		t.Logf("%dx%d after r:\n%s", size[0], size[1], screen)
		checkLayout(t, screen, size, "需求 240", "✗ 请检查网络和服务地址后重试：")
		term.Send("!")
		screen = term.WaitFor(10*time.Second, "无法连接服务（dial", "refused）")
		t.Logf("%dx%d, !:\n%s", size[0], size[1], screen)
	}
}
