package main

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

// TestLogIsAStandUp runs the built `triage log` over a recorded outbox: the
// changes of the chosen service since midnight, with short ids, titles cut
// to fit by display width, kinds, workspace names (the id for old edits)
// and priorities from → to, in columns that line up with Chinese text.
func TestLogIsAStandUp(t *testing.T) {
	home := t.TempDir()
	stateDir := filepath.Join(home, "state", "triage")
	if err := os.MkdirAll(stateDir, 0o700); err != nil {
		t.Fatal(err)
	}
	ob, err := store.OpenOutbox(filepath.Join(stateDir, store.OutboxFile))
	if err != nil {
		t.Fatal(err)
	}
	const here, there = "http://127.0.0.1:8080", "https://api.tapd.cn"
	now := time.Now().UTC()
	midnight := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
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
	log := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(triageBinary(t), append([]string{"log", "--base-url", here}, args...)...)
		cmd.Env = []string{"HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "state"), "XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
			"XDG_DATA_HOME=" + filepath.Join(home, "data"), "XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "TZ=UTC", "COLUMNS=90"}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("triage log %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}

	today := log()
	golden(t, "log/today.golden", today)
	lines := strings.Split(strings.TrimSuffix(today, "\n"), "\n")
	for _, col := range []string{"KIND", "WORKSPACE", "CHANGE", "STATE"} {
		want := ansi.StringWidth(lines[0][:strings.Index(lines[0], col)])
		for _, l := range lines[1:] {
			if ansi.StringWidth(l) > 90 {
				t.Errorf("%q is wider than COLUMNS=90", l)
			}
			if got := cellOf(l, want); got == "" || got[0] == ' ' {
				t.Errorf("column %s does not start at cell %d in %q", col, want, l)
			}
		}
	}
	if strings.Contains(today, "#9") || strings.Contains(today, "#13") {
		t.Errorf("today's log shows another service's or yesterday's change:\n%s", today)
	}
	if all := log("--since", "48h"); !strings.Contains(all, "#13") || strings.Contains(all, "#9 ") {
		t.Errorf("--since 48h shows:\n%s", all)
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

// TestParseSince: --since is today's local midnight by default, a duration
// ago, or a local date and time.
func TestParseSince(t *testing.T) {
	now := time.Date(2026, 11, 25, 14, 30, 0, 0, time.Local)
	tests := []struct {
		in   string
		want time.Time
		bad  bool
	}{
		{"", time.Date(2026, 11, 25, 0, 0, 0, 0, time.Local), false},
		{"36h", now.Add(-36 * time.Hour), false},
		{"2026-11-20", time.Date(2026, 11, 20, 0, 0, 0, 0, time.Local), false},
		{"2026-11-20 14:00", time.Date(2026, 11, 20, 14, 0, 0, 0, time.Local), false},
		{"-1h", time.Time{}, true},
		{"yesterday", time.Time{}, true},
	}
	for _, tt := range tests {
		got, err := parseSince(tt.in, now)
		if (err != nil) != tt.bad || !got.Equal(tt.want) {
			t.Errorf("parseSince(%q) = %v, %v; want %v (error: %v)", tt.in, got, err, tt.want, tt.bad)
		}
	}
}
