package statusbar

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// TestRateWaitCountsDown: a task's wait for the rate limit takes the
// task's place on the status line at once and counts down to Until on a
// fake clock, the edits of every task waiting as one countdown to the
// next; the errors view lists each once, however many of the task's
// requests wait as long; the sign goes when the request goes, and the tick
// stops once no wait is left.
func TestRateWaitCountsDown(t *testing.T) {
	now := uitest.Clock
	ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 160, 24)
	ctx.Now = func() time.Time { return now }
	load := ctx.Tasks.Start("loading tasks")
	save := ctx.Tasks.Start("saving 3 edits")
	one := ctx.Tasks.Start("saving #1000149")
	m := New(ctx)
	line := func() string {
		lines := strings.Split(ansi.Strip(m.View(160, nil, "loading tasks 0/0")), "\n")
		return strings.TrimRight(lines[1], " ")
	}
	read := common.RateWaitMsg{Task: "loading tasks",
		Wait: api.Wait{Op: "list tasks", Reason: api.WaitService, For: 26 * time.Second, Until: now.Add(26 * time.Second)}}
	write := common.RateWaitMsg{Task: "saving 3 edits", Edits: 3,
		Wait: api.Wait{Op: "update story", Reason: api.WaitBudget, For: 12 * time.Second, Until: now.Add(12 * time.Second), Write: true}}
	later := common.RateWaitMsg{Task: "saving #1000149", Edits: 1,
		Wait: api.Wait{Op: "update story", Reason: api.WaitBudget, For: 13 * time.Second, Until: now.Add(13 * time.Second), Write: true}}
	tick, _ := m.Update(read)
	if tick == nil {
		t.Fatal("a wait started no countdown tick")
	}
	m.Update(read) // the fields of the same load wait as long
	if again, _ := m.Update(write); again != nil {
		t.Error("a second wait started a second tick")
	}
	m.Update(later)
	want := " 127.0.0.1:8080 · workspace 10022001 · anyechen (token) · ⠋ loading tasks waits for the rate limit · 26s, 4 edits wait for the rate limit · next in 12s"
	if got := line(); got != want {
		t.Errorf("at once\n got %q\nwant %q", got, want)
	}
	now = now.Add(10*time.Second + time.Millisecond)
	if cmd, _ := m.Update(rateTickMsg{}); cmd == nil {
		t.Error("the tick stopped while waits are left")
	}
	want = " 127.0.0.1:8080 · workspace 10022001 · anyechen (token) · ⠋ loading tasks waits for the rate limit · 16s, 4 edits wait for the rate limit · next in 2s"
	if got := line(); got != want {
		t.Errorf("10 s later\n got %q\nwant %q", got, want)
	}
	now = now.Add(2 * time.Second)
	want = " workspace 10022001 · anyechen (token) · ⠋ loading tasks waits for the rate limit · 14s, saving 3 edits, 1 edit waits for the rate limit · next in 1s"
	if got := line(); got != want {
		t.Errorf("once the edits went\n got %q\nwant %q", got, want)
	}
	ctx.Tasks.Done(save)
	ctx.Tasks.Done(one)
	ctx.Tasks.Done(load)
	if cmd, _ := m.Update(rateTickMsg{}); cmd != nil {
		t.Error("the tick goes on with every task over")
	}
	var listed []string
	for _, r := range m.Recent() {
		listed = append(listed, r.Text)
	}
	wantListed := []string{"loading tasks: the service asks to wait 26s (rate limit)",
		"saving 3 edits: the rate limit's budget is spent, next request in 12s",
		"saving #1000149: the rate limit's budget is spent, next request in 13s"}
	if strings.Join(listed, "\n") != strings.Join(wantListed, "\n") {
		t.Errorf("the errors view lists\n%q\nwant\n%q", listed, wantListed)
	}
}
