package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/store"
)

// logColumns are the columns of `triage log`, one tab-separated cell each
// when piped.
var logColumns = [...]string{"TIME", "ID", "TITLE", "KIND", "WORKSPACE", "CHANGE", "WHO · STATE"}

// TestLogIsAStandUp runs the built `triage log` over a recorded outbox, on
// a machine in the service's zone: the changes of the chosen service since
// the service's midnight, with short ids, titles cut to fit by display
// width, kinds, workspace names (the id for old edits) and priorities from
// → to, in columns that line up with Chinese text on a terminal of 90
// columns; piped, the same changes whole, one a line, tab-separated.
func TestLogIsAStandUp(t *testing.T) {
	env, here := standUpOutbox(t)
	log := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(triageBinary(t), append([]string{"log", "--base-url", here}, args...)...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("triage log %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}

	term := startTerminal(t, 90, 20, env, triageBinary(t), "log", "--base-url", here)
	screen := term.WaitFor(20*time.Second, "[exit 0]")
	table := logTable(screen, "TIME")
	golden(t, "log/today.golden", strings.Join(table, "\n")+"\n")
	checkLogColumns(t, table, "KIND", "WORKSPACE", "CHANGE", "WHO · STATE")

	today := log()
	long := "订单详情页在弱网下白屏，重试后仍然无法加载商品图片和价格信息"
	lines := strings.Split(strings.TrimSuffix(today, "\n"), "\n")
	if len(lines) != len(table)-1 || !strings.Contains(today, "\t"+long+"\t") || strings.Contains(today, "…") || strings.Contains(today, "TITLE") {
		t.Errorf("piped, the log is not its %d changes whole, one a line:\n%s", len(table)-1, today)
	}
	for _, l := range lines {
		if n := len(strings.Split(l, "\t")); n != len(logColumns) {
			t.Errorf("piped, %q has %d cells, want %d", l, n, len(logColumns))
		}
	}
	if strings.Contains(today, "#9") || strings.Contains(today, "#13") {
		t.Errorf("today's log shows another service's or yesterday's change:\n%s", today)
	}
	if all := log("--since", "48h"); !strings.Contains(all, "#13") || strings.Contains(all, "#9\t") {
		t.Errorf("--since 48h shows:\n%s", all)
	}
	if y := log("--since", "yesterday"); !strings.Contains(y, "#13") {
		t.Errorf("--since yesterday does not show yesterday's change:\n%s", y)
	}
}

// cellOf is the text of line from display cell n on.
func cellOf(line string, n int) string {
	w := 0
	for i, r := range line {
		if w == n {
			return line[i:]
		}
		w += ansi.StringWidth(string(r))
	}
	return ""
}

// standUpOutbox is an outbox recorded on a machine in the service's zone:
// today's edits of two workspaces on the local service (one refused, one
// undone, a creation, a new title), one of another service and one of
// yesterday; and the environment that reads it, with the service's
// address.
func standUpOutbox(t *testing.T) (env []string, here string) {
	t.Helper()
	if _, err := time.LoadLocation("Asia/Shanghai"); err != nil {
		t.Skipf("the machine has no tz database to run triage in the service's zone: %v", err)
	}
	home := t.TempDir()
	stateDir := filepath.Join(home, "state", "triage")
	if err := os.MkdirAll(stateDir, 0o700); err != nil {
		t.Fatal(err)
	}
	ob, err := store.OpenOutbox(filepath.Join(stateDir, store.OutboxFile))
	if err != nil {
		t.Fatal(err)
	}
	here = "http://127.0.0.1:8080"
	const there = "https://api.tapd.cn"
	now := time.Now().In(api.ServiceZone)
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, api.ServiceZone)
	at := func(h, m int) time.Time {
		return midnight.Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute)
	}
	for _, e := range []store.Edit{
		{Service: here, Kind: api.Story, Op: store.OpPriority, ItemID: "1010022001000000007", From: "Low", To: "High",
			WorkspaceName: "Atlas Web", ItemTitle: "Export invoices as CSV", CreatedAt: at(9, 15)},
		{Service: here, Kind: api.Bug, Op: store.OpPriority, ItemID: "1010022002000000008", To: "紧急",
			WorkspaceName: "星河移动", ItemTitle: "订单详情页在弱网下白屏，重试后仍然无法加载商品图片和价格信息", CreatedAt: at(9, 40)},
		{Service: here, Kind: api.Story, Op: store.OpPriority, ItemID: "1010022001000000010", From: "Middle", To: "Low",
			WorkspaceID: 10022001, ItemTitle: "Dark mode", CreatedAt: at(10, 5)},
		{Service: here, Kind: api.Story, Op: store.OpPriority, ItemID: "1010022001000000007", From: "High", To: "Low",
			WorkspaceName: "Atlas Web", ItemTitle: "Export invoices as CSV", Undoes: 1, CreatedAt: at(10, 6)},
		{Service: here, Kind: api.Task, Op: store.OpCreate, Title: "为春节活动准备发布检查清单", To: "高",
			WorkspaceName: "星河移动", ResultItemID: "1110022002000000012", CreatedAt: at(10, 30)},
		{Service: here, Kind: api.Story, Op: store.OpTitle, ItemID: "1010022001000000011", From: "登录页", To: "登录页支持企业微信扫码",
			WorkspaceName: "Atlas Web", ItemTitle: "登录页", CreatedAt: at(11, 0)},
		{Service: there, Kind: api.Story, Op: store.OpPriority, ItemID: "1010022001000000009", From: "High", To: "Low",
			WorkspaceName: "Atlas Web", ItemTitle: "another service", CreatedAt: at(11, 20)},
		{Service: here, Kind: api.Story, Op: store.OpPriority, ItemID: "1010022001000000013", From: "High", To: "Low",
			WorkspaceName: "Atlas Web", ItemTitle: "yesterday's change", CreatedAt: midnight.Add(-time.Hour)},
	} {
		e.Session, e.User = "s", "demo"
		if e.WorkspaceID == 0 {
			e.WorkspaceID = 10022001
		}
		added, err := ob.Add(e)
		if err != nil {
			t.Fatal(err)
		}
		if e.ItemID == "1010022001000000010" {
			if _, _, err := ob.Claim(added.Seq); err != nil {
				t.Fatal(err)
			}
			if _, err := ob.MarkFailed(added.Seq, "422: the workspace has no priority Low; pick one of its own priorities"); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := ob.Close(); err != nil {
		t.Fatal(err)
	}
	env = []string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_DATA_HOME=" + filepath.Join(home, "data"), "XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "TZ=Asia/Shanghai"}
	return env, here
}

// logTable is the log's table on a terminal screen: from its header line,
// which starts with first, to the line before the shell's "[exit".
func logTable(screen, first string) []string {
	var table []string
	for _, l := range strings.Split(screen, "\n") {
		if strings.HasPrefix(l, "[exit") {
			break
		}
		if strings.HasPrefix(l, first) || len(table) > 0 {
			table = append(table, strings.TrimRight(l, " "))
		}
	}
	return table
}

// checkLogColumns fails when a column of the table, by its header, does
// not start at the same display cell on every line.
func checkLogColumns(t *testing.T, table []string, cols ...string) {
	t.Helper()
	for _, col := range cols {
		want := ansi.StringWidth(table[0][:strings.Index(table[0], col)])
		for _, l := range table[1:] {
			if got := cellOf(l, want); got == "" || got[0] == ' ' {
				t.Errorf("column %s does not start at cell %d in %q", col, want, l)
			}
		}
	}
}
