package e2e

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestScriptGoldenInChinese: list, view and set of the built binary with
// TRIAGE_LANG=zh-CN, on a terminal of 120 and of 80 columns: headers,
// field names, result lines and refusals in TAPD's words, the data of the
// service as it is, and no line of a table wider than the terminal (by
// display width: a Chinese character takes two cells). Prose (a
// description, a refusal naming every status) is the terminal's to wrap,
// as in English.
func TestScriptGoldenInChinese(t *testing.T) {
	for _, width := range []int{120, 80} {
		env := append(scriptService(t), "TRIAGE_LANG=zh-CN", "COLUMNS="+strconv.Itoa(width))
		columns := "id,kind,title,priority,status,owner,iteration,modified"
		if width == 80 {
			columns = "id,kind,title,priority,status,owner"
		}
		for _, tt := range []struct {
			name  string
			table bool
			args  []string
		}{
			{"list_table", true, []string{"list", "--limit", "8", "--columns", columns}},
			{"list_table_bugs", true, []string{"list", "--kind", "bug", "--limit", "5", "--columns", "id,title,severity,priority,status,created"}},
			{"list_none", true, []string{"list", "--kind", "task", "zzzz-no-such-words"}},
			{"view_table", false, []string{"view", "#3", "--comments", "--kind", "bug"}},
			{"view_attachments", true, []string{"view", "bug/1", "--attachments"}},
			{"set_dry_run", true, []string{"set", "story/4", "story/5", "--priority", "High", "--owner", "bob", "--dry-run"}},
			{"set_applied", true, []string{"set", "story/6", "--priority", "Low", "--comment", "放到下个迭代"}},
			{"set_refused", false, []string{"set", "bug/4", "--severity", "nope", "--status", "zzz"}},
		} {
			t.Run(tt.name+"_"+strconv.Itoa(width), func(t *testing.T) {
				out := runScript(t, env, true, tt.args...)
				golden(t, filepath.Join("cli", tt.name+"_zh_"+strconv.Itoa(width)+".golden"), "$ TRIAGE_LANG=zh-CN COLUMNS="+strconv.Itoa(width)+" "+strings.TrimPrefix(out, "$ "))
				if tt.table {
					checkWidth(t, out, width)
				}
			})
		}
	}
}

// checkWidth fails for each line of a transcript wider than width cells
// (its command line apart).
func checkWidth(t *testing.T, transcript string, width int) {
	t.Helper()
	for _, l := range strings.Split(transcript, "\n") {
		if w := ansi.StringWidth(l); w > width && !strings.HasPrefix(l, "$ ") {
			t.Errorf("a line takes %d cells, more than the terminal's %d: %q", w, width, l)
		}
	}
}

// TestScriptsReadTheSameInChinese: what a script reads, tab-separated lines
// piped and --json, is the same whatever the language; set's --json keeps
// its reasons in English, its lines on stderr are in Chinese.
func TestScriptsReadTheSameInChinese(t *testing.T) {
	for _, args := range [][]string{
		{"list", "--limit", "8", "--columns", "id,kind,title,priority,status,owner"},
		{"list", "--json", "--limit", "2"},
		{"view", "bug/1", "--attachments"},
		{"view", "bug/1", "--attachments", "--json"},
		{"set", "bug/4", "--severity", "nope", "--json"},
	} {
		english := runScript(t, scriptService(t), false, args...)
		chinese := runScript(t, append(scriptService(t), "TRIAGE_LANG=zh-CN"), false, args...)
		if chinese != english {
			t.Errorf("triage %s reads otherwise in Chinese:\n%s\nin English:\n%s", strings.Join(args, " "), chinese, english)
		}
	}
	out := runScript(t, append(scriptService(t), "TRIAGE_LANG=zh-CN"), false, "set", "bug/4", "--severity", "nope")
	if !strings.Contains(out, "被拒绝") || !strings.Contains(out, "不是此处缺陷的严重程度") {
		t.Errorf("set's line on stderr is not in Chinese:\n%s", out)
	}
}
