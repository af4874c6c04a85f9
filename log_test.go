package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/store"
)

// TestLogIsAStandUp: triage log prints the changes on the chosen service,
// from today by default, with short ids, titles and workspace names in
// columns that line up with Chinese text too.
func TestLogIsAStandUp(t *testing.T) {
	paths := store.PathsIn(t.TempDir())
	if err := paths.Ensure(); err != nil {
		t.Fatal(err)
	}
	ob, err := store.OpenOutbox(filepath.Join(paths.StateDir, store.OutboxFile))
	if err != nil {
		t.Fatal(err)
	}
	const here, there = "http://127.0.0.1:8080", "https://api.tapd.cn"
	for _, e := range []store.Edit{
		{Session: "1", Service: here, ItemID: "1010022001000000007", From: "Low", To: "High", WorkspaceName: "Atlas Web", ItemTitle: "Export invoices as CSV"},
		{Session: "2", Service: here, ItemID: "1010022002000000008", From: "", To: "紧急", WorkspaceName: "星河移动", ItemTitle: "订单详情页在弱网下白屏"},
		{Session: "2", Service: here, ItemID: "1010022001000000010", From: "Middle", To: "Low", WorkspaceID: 10022001},
		{Session: "3", Service: there, ItemID: "1010022001000000009", From: "High", To: "Low"},
	} {
		if e.WorkspaceID == 0 {
			e.WorkspaceID = 10022001
		}
		e.User, e.Kind, e.Op = "demo", api.Story, store.OpPriority
		if _, err := ob.Add(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := ob.Close(); err != nil {
		t.Fatal(err)
	}
	today, err := parseSince("", time.Now())
	if err != nil || today.Hour() != 0 || today.Minute() != 0 || today.After(time.Now()) {
		t.Fatalf("the default --since is %v (%v), want today's local midnight", today, err)
	}

	tests := []struct {
		name      string
		service   string
		since     time.Time
		want, not []string
	}{
		{"today here", here, today, []string{"story #7 Export invoices as CSV", "Atlas Web", "story #8 订单详情页在弱网下白屏", "星河移动",
			"priority none → 紧急", "waiting", "10022001   story #10"}, []string{"#9", "1010022001000000007"}},
		{"another service", there, today, []string{"priority High → Low"}, []string{"#7", "#8"}},
		{"since tomorrow", here, today.Add(48 * time.Hour), nil, []string{"#7", "#8"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut strings.Builder
			c := &cli{stdout: &out, stderr: &errOut, env: func(string) string { return "" }}
			if err := c.printLog(paths, tt.service, tt.since, false); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("log lacks %q:\n%s%s", w, out.String(), errOut.String())
				}
			}
			for _, n := range tt.not {
				if strings.Contains(out.String(), n) {
					t.Errorf("log shows %q:\n%s", n, out.String())
				}
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(lines) < 2 {
				return
			}
			col := func(line, of string) int { return ansi.StringWidth(line[:strings.Index(line, of)]) }
			header := col(lines[0], "CHANGE")
			for _, l := range lines[1:] {
				if got := col(l, "priority"); got != header {
					t.Errorf("CHANGE starts at cell %d in %q, at %d in the header", got, l, header)
				}
			}
		})
	}
}
