package e2e

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCommandRefusalsInBothLanguages runs each command's own usage errors
// and refusals with TRIAGE_LANG=en and zh-CN against the local service:
// the English line is the same as before the Chinese one existed, the
// Chinese line says it in Chinese (names, flags, values and the service's
// data as they are), and the exit code is the same in both.
func TestCommandRefusalsInBothLanguages(t *testing.T) {
	service := scriptService(t)
	home := strings.TrimPrefix(service[0], "HOME=")
	config := filepath.Join(home, ".config", "triage", "config.yaml")
	base := strings.TrimPrefix(service[4], "TRIAGE_BASE_URL=")
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	addr := busy.Addr().String()
	saveDir := t.TempDir()
	if err := os.WriteFile(filepath.Join(saveDir, "screenshot.png"), []byte("kept"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		stdin  string
		env    []string
		code   int
		en, zh string // a line of stderr, after "triage: "
	}{
		{"list unknown kind", []string{"list", "--kind", "foo"}, "", nil, 2,
			`--kind: unknown kind "foo" (want story, bug or task)`,
			`--kind：未知类型 "foo"（应为 story、bug 或 task）`},
		{"list --by", []string{"list", "--by", "owner"}, "", nil, 2,
			`--by takes workspace or priority, not "owner"`,
			`--by 接受 workspace 或 priority，而不是 "owner"`},
		{"list --limit", []string{"list", "--limit", "-1"}, "", nil, 2,
			"--limit must be 0 (all) or more",
			"--limit 必须为 0（全部）或更大"},
		{"list --columns", []string{"list", "--kind", "bug", "--columns", "id,colour"}, "", nil, 2,
			`--columns: "colour" is not a column: use id, full_id, kind, title, priority, status, owner, iteration, severity, created, modified, url, or a field of the bugs here (`,
			`--columns："colour" 不是列：请用 id, full_id, kind, title, priority, status, owner, iteration, severity, created, modified, url，或这里缺陷的字段（`},
		{"view without an item", []string{"view"}, "", nil, 2,
			"view takes one item: its short id (12, #12 or bug/12), full id or web address; see 'triage view --help'",
			"view 只接受一个条目：它的短 id（12、#12 或 bug/12）、完整 id 或网页地址；见 'triage view --help'"},
		{"view no such item", []string{"view", "99999"}, "", nil, 1,
			"workspace 10022001 has no story, bug or task 99999: check the id, or pass --workspace or the item's web address",
			"项目 10022001 中没有需求、缺陷或任务 99999：请检查 id，或给出 --workspace 或条目的网页地址"},
		{"view no such bug", []string{"view", "bug/99999"}, "", nil, 1,
			"workspace 10022001 has no bug bug/99999: check the id, or pass --workspace or the item's web address",
			"项目 10022001 中没有缺陷 bug/99999：请检查 id，或给出 --workspace 或条目的网页地址"},
		{"view not an item", []string{"view", "zzz"}, "", nil, 2,
			`"zzz" is not an item: give its short id (12, #12 or bug/12), its full id or its web address`,
			`"zzz" 不是条目：请给出它的短 id（12、#12 或 bug/12）、完整 id 或网页地址`},
		{"view kind and name disagree", []string{"view", "bug/1", "--kind", "story"}, "", nil, 2,
			`"bug/1" names a bug, and --kind a story`,
			`"bug/1" 指的是缺陷，而 --kind 指的是需求`},
		{"view --save and --web", []string{"view", "bug/1", "--save", saveDir, "--web"}, "", nil, 2,
			"--attachments and --save list and save files; --web opens the item: use one",
			"--attachments 和 --save 列出并保存文件；--web 打开条目：只能用其中一种"},
		{"view --save not saved", []string{"view", "bug/1", "--save", saveDir}, "", nil, 1,
			"1 of 1 attachments were not saved (screenshot.png); see above why, then run the command again",
			"1 个附件中有 1 个未保存（screenshot.png）；原因见上方，然后再运行一次该命令"},
		{"set names several items", []string{"set", "1", "--priority", "High"}, "", nil, 2,
			"1 names 3 items: name one as story/1, bug/1 or task/1, or pass --kind\n  story/1 ",
			"1 对应 3 个条目：请写成 story/1, bug/1 或 task/1 之一，或给出 --kind\n  story/1 "},
		{"set without items", []string{"set"}, "", nil, 2,
			"set takes the items to change: short ids (12 or #12), full ids or web addresses; see 'triage set --help'",
			"set 需要要修改的条目：短 id（12 或 #12）、完整 id 或网页地址；见 'triage set --help'"},
		{"set without a change", []string{"set", "story/1"}, "", nil, 2,
			"set needs a change: --priority, --title, --status, --owner, --iteration, --severity, --field or --comment",
			"set 需要一个修改：--priority、--title、--status、--owner、--iteration、--severity、--field 或 --comment"},
		{"set empty title", []string{"set", "story/1", "--title", ""}, "", nil, 2,
			"--title: a title cannot be empty",
			"--title：标题不能为空"},
		{"set --queue without the service", []string{"set", "story/1", "--title", "x", "--queue"}, "", []string{"TRIAGE_BASE_URL=http://" + closedAddress(t)}, 2,
			"--queue: only a --priority change can be kept without the service; the others read the item and the workspace first, and the service did not answer",
			"--queue：没有服务时只能保留 --priority 修改；其他修改要先读取条目和项目，而服务没有应答"},
		{"new without a kind", []string{"new", "--title", "x"}, "", nil, 2,
			"new needs --kind story, bug or task",
			"new 需要 --kind story、bug 或 task"},
		{"new unknown kind", []string{"new", "--kind", "epic", "--title", "x"}, "", nil, 2,
			`--kind: unknown kind "epic" (want story, bug or task)`,
			`--kind：未知类型 "epic"（应为 story、bug 或 task）`},
		{"log --since", []string{"log", "--since", "soon"}, "", nil, 2,
			`--since: "soon" is not a time: use today, yesterday, a weekday (monday), a duration (36h, 3d) or a date (2026-11-20, 2026-11-20 09:00)`,
			`--since："soon" 不是时间：请用 today、yesterday、星期几（monday）、时长（36h、3d）或日期（2026-11-20、2026-11-20 09:00）`},
		{"login no token", []string{"login", "--token", "--insecure-storage"}, "\n", []string{"TRIAGE_TOKEN="}, 1,
			"no token given: pipe it on standard input or set TRIAGE_TOKEN",
			"没有给出令牌：请从标准输入传入，或设置 TRIAGE_TOKEN"},
		{"login no API account", []string{"login", "--basic", "--insecure-storage"}, "", []string{"TRIAGE_TOKEN="}, 1,
			"no API account given: set TRIAGE_API_USER and TRIAGE_API_PASSWORD",
			"没有给出 API 账号：请设置 TRIAGE_API_USER and TRIAGE_API_PASSWORD"},
		{"login nothing stored", []string{"login", "--token", "--insecure-storage"}, "0123456789abcdef0123\n", []string{"TRIAGE_TOKEN=", "TRIAGE_BASE_URL=http://" + closedAddress(t)}, 1,
			"check the network and the service address, then retry: nothing was stored: the personal access token could not be checked",
			"请检查网络和服务地址后重试：什么都没有保存：无法检验个人访问令牌"},
		{"not logged in", []string{"list", "--insecure-storage"}, "", []string{"TRIAGE_TOKEN="}, 1,
			"not logged in to " + base + ": run triage login, or set TRIAGE_TOKEN",
			"未登录（" + base + "）：请运行 triage login，或设置 TRIAGE_TOKEN"},
		{"board without a terminal", nil, "", nil, 1,
			"the board needs a terminal; for scripts use 'triage status' or 'triage log'",
			"看板需要一个终端；脚本请用 'triage status' 或 'triage log'"},
		{"profile unknown", []string{"profile", "use", "nope"}, "", nil, 2,
			`no profile "nope" in ` + config + "; its profiles are [] (and default, the settings at the top)",
			config + ` 中没有配置档 "nope"；它的配置档有 []（以及 default，即文件开头的设置）`},
		{"serve cannot listen", []string{"serve", "--addr", addr}, "", nil, 1,
			"cannot listen on " + addr + ": listen tcp " + addr + ": bind: address already in use (choose another --addr, or port 0 for any free one)",
			"无法监听 " + addr + "：listen tcp " + addr + ": bind: address already in use（请换一个 --addr，或用端口 0 取任一空闲端口）"},
		{"completion without a shell", []string{"completion"}, "", nil, 2,
			"completion takes a shell: bash, zsh or fish (e.g. source <(triage completion bash))",
			"completion 需要一个 shell：bash、zsh 或 fish（例如 source <(triage completion bash)）"},
		{"completion unknown shell", []string{"completion", "tcsh"}, "", nil, 2,
			`no completion for "tcsh": use bash, zsh or fish`,
			`没有 "tcsh" 的补全：请用 bash、zsh 或 fish`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, lang := range []struct{ name, want string }{{"en", tt.en}, {"zh-CN", tt.zh}} {
				env := append(append(append([]string{}, service...), tt.env...), "TRIAGE_LANG="+lang.name)
				_, errOut, code := runBinary(t, env, tt.stdin, tt.args...)
				if code != tt.code || !strings.Contains(errOut, "triage: "+lang.want) {
					t.Errorf("TRIAGE_LANG=%s triage %s: exit %d, want %d; stderr:\n%s\nwant a line:\ntriage: %s",
						lang.name, strings.Join(tt.args, " "), code, tt.code, errOut, lang.want)
				}
			}
		})
	}
}
