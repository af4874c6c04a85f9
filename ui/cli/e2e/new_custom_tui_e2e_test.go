package e2e

import (
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestNewStoryShowsItsCustomFields drives the built binary in tmux against
// `triage serve`, in 星河移动: n on the stories opens the new story's form
// with the select 客户 and the text 预估人天 by their names; 客户 is chosen
// in a picker and the story is made with it, as the service then holds.
func TestNewStoryShowsItsCustomFields(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	rec := &recorder{}
	var requests atomic.Int64
	env := appEnv(t, s, countingProxy(t, rec.wrap(t, s.env["TRIAGE_BASE_URL"]).URL, &requests))
	for i, kv := range env {
		if strings.HasPrefix(kv, "TRIAGE_WORKSPACE=") {
			env[i] = "TRIAGE_WORKSPACE=10022002"
		}
	}
	term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240", "星河移动")
	before := requests.Load()
	term.Send("n")
	screen := term.WaitFor(10*time.Second, "New story in 星河移动", "  客户      none", "  预估人天")
	t.Logf("n in 星河移动:\n%s", screen)
	term.Type("海外客户反馈登录慢")
	term.Send("Tab", "Tab", "Tab", "Tab") // the priority, owners, iteration, 客户
	term.WaitFor(10*time.Second, "▌ 客户      none")
	term.Send("Enter")
	term.WaitFor(10*time.Second, "华东大区", "海外", "内部")
	term.Type("海外")
	term.Send("Enter")
	term.WaitFor(10*time.Second, "▌ 客户      海外")
	term.Send("C-s")
	term.WaitFor(20*time.Second, "created #241 海外客户反馈登录慢")
	t.Logf("a new story with its 客户 from n: %d requests, %d of them writes", requests.Load()-before, len(rec.written()))
	if n := len(rec.written()); n != 1 {
		t.Errorf("the new story took %d writes, want 1", n)
	}
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("triage ended with %s", exit)
	}
	if out, errOut, code := runBinary(t, env, "", "view", "story/241", "--json"); code != 0 || !strings.Contains(out, `"custom_field_one":"海外"`) {
		t.Errorf("the service's story 241: exit %d, want its custom_field_one 海外\n%s%s", code, out, errOut)
	}
}
