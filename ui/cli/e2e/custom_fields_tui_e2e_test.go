package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestCustomSelectEditedThenFiltered drives the built binary in tmux against
// `triage serve`, in 星河移动, whose stories have a select named 客户: the
// preview shows it by its name, the editor chooses a new value in a picker
// titled with it, the save goes through the outbox and the status line
// names the change, and the filter 客户:海外 keeps the story among those of
// that value; the service holds it after.
func TestCustomSelectEditedThenFiltered(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	env := appHomeEnv(t.TempDir(), s)
	for i, kv := range env {
		if strings.HasPrefix(kv, "TRIAGE_WORKSPACE=") {
			env[i] = "TRIAGE_WORKSPACE=10022002"
		}
	}
	term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240", "星河移动")

	term.Send("P")
	term.WaitFor(10*time.Second, "#18 改版会员积分（第一期）", "│ 客户      华东大区", "│ 预估人天  10")
	term.Send("e")
	term.WaitFor(10*time.Second, "Edit story 18", "  客户      华东大区", "  预估人天  10")
	term.Send("Tab", "Tab", "Tab", "Tab", "Tab", "Enter")
	term.WaitFor(10*time.Second, "▌ 华东大区 (current)", "海外", "内部")
	term.Type("海外")
	term.Send("Enter")
	term.WaitFor(10*time.Second, "▌ 客户      海外")
	term.Send("C-s")
	screen := term.WaitFor(10*time.Second, "#18 客户 华东大区 → 海外", "│ 客户      海外")
	t.Logf("after the save:\n%s", screen)

	term.Send("/")
	term.Type("客户:海外")
	screen = term.WaitFor(10*time.Second, "/ 客户:海外", "53 of 240 stories", "改版会员积分（第一期）")
	t.Logf("filtered by 客户:海外:\n%s", screen)
	if strings.Contains(screen, "✗") {
		t.Errorf("the filter 客户:海外 has a problem:\n%s", screen)
	}
	term.Send("Escape")
	term.WaitFor(10*time.Second, "all stories, unfiltered")
	term.Send("/")
	term.Type("cf:客户:火星")
	term.WaitFor(10*time.Second, "✗ 客户:火星 matches no option of 客户 (华东大区, 华南大区, 海外, 内部)")
	term.Send("Escape")
	term.WaitFor(10*time.Second, "all stories, unfiltered")
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}

	r := &statusRun{t: t, s: s, leaks: newLeaks(t), env: env} // the app's own home and token
	r.leaks.add("the personal token", s.env["TRIAGE_TOKEN"])
	if got := fieldOf(r, nil, "story/18", "custom_field_one"); got != "海外" {
		t.Errorf("the service holds 客户 %q for story 18, want 海外", got)
	}
}
