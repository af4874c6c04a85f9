package e2e

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"
)

// take is the requests counted since the last take, path by path, and their sum.
func (c *pathCounter) take() (map[string]int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out, sum := c.n, 0
	for _, n := range out {
		sum += n
	}
	c.n = map[string]int{}
	return out, sum
}

// byPath writes counted requests one path after the other.
func byPath(n map[string]int) string {
	var out []string
	for _, p := range slices.Sorted(maps.Keys(n)) {
		out = append(out, fmt.Sprintf("%s ×%d", p, n[p]))
	}
	return strings.Join(out, ", ")
}

// TestWarmStartCostsOneRequest drives the built binary in tmux at 120×40
// against `triage serve --rate 60 --rate-window 1m`, every request counted
// on its way to the service: the first start lists the stories and counts
// the other kinds; the next start, with the cache saved, asks one delta of
// the stories and nothing else (the field information and the tabs' counts
// are less than a day old). Then the preview (P) over 10 stories reads each
// once, the story, its comments and its attachments, and moving back over them reads nothing.
func TestWarmStartCostsOneRequest(t *testing.T) {
	requireTmux(t)
	s := startServe(t, "--rate", "60", "--rate-window", "1m")
	counter := &pathCounter{n: map[string]int{}}
	proxy := counter.wrap(t, s.env["TRIAGE_BASE_URL"])
	var env []string // logged in once (triage login --token), as a person does
	for _, v := range appHomeEnv(t.TempDir(), s) {
		switch {
		case strings.HasPrefix(v, "TRIAGE_BASE_URL="):
			env = append(env, "TRIAGE_BASE_URL="+proxy.URL)
		case !strings.HasPrefix(v, "TRIAGE_TOKEN="):
			env = append(env, v)
		}
	}
	if out, errOut, code := runBinary(t, env, s.env["TRIAGE_TOKEN"]+"\n", "login", "--token", "--insecure-storage"); code != 0 {
		t.Fatalf("login --token exited %d:\n%s%s", code, out, errOut)
	}
	login, _ := counter.take()
	t.Logf("login: %s", byPath(login))
	start := func(name string, ready ...string) map[string]int {
		term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
		term.WaitFor(60*time.Second, ready...)
		term.Send("q")
		term.Exited(30 * time.Second)
		n, sum := counter.take()
		t.Logf("%s: %d requests: %s", name, sum, byPath(n))
		return n
	}
	cold := start("cold start", "Stories 240  Bugs 180  Tasks 160", "240 stories")
	if cold["GET /stories/get_fields_info"] != 1 || cold["GET /bugs/count"] != 1 || cold["GET /tasks/count"] != 1 {
		t.Errorf("the cold start asked %s; want the stories' fields and each other kind counted once", byPath(cold))
	}
	warm := start("warm start", "Stories 240  Bugs 180  Tasks 160", "stories up to date")
	if sum := warm["GET /stories"]; sum != 1 || len(warm) != 1 {
		t.Errorf("the warm start asked %s; want one delta of the stories (GET /stories ×1) and nothing else", byPath(warm))
	}

	term := startTerminal(t, 120, 40, env, triageBinary(t), "--insecure-storage")
	term.WaitFor(60*time.Second, "stories up to date")
	counter.take()
	term.Send("P")
	term.WaitFor(10*time.Second, "Created", "│ Release train   2025.10") // the custom fields' settings kept with the reference data
	rest := func() {                                                     // the cursor rests past the preview's delay, and its read ends
		time.Sleep(600 * time.Millisecond)
	}
	rest()
	for range 9 {
		term.Send("j")
		rest()
	}
	over, sum := counter.take()
	t.Logf("the preview over 10 stories: %d requests: %s", sum, byPath(over))
	if sum != 30 || over["GET /attachments"] != 10 {
		t.Errorf("the preview over 10 stories asked %d requests (%s); want 30, each story, its comments and its attachments once", sum, byPath(over))
	}
	for range 9 {
		term.Send("k")
		rest()
	}
	back, sum := counter.take()
	t.Logf("the preview back over them: %d requests: %s", sum, byPath(back))
	if sum != 0 {
		t.Errorf("back over the same 10 stories the preview asked %s; want nothing", byPath(back))
	}
	term.Send("q")
	term.Exited(30 * time.Second)
}
