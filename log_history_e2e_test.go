package main

import (
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"triage/api"
)

// TestLogReadsTheServiceHistory: `triage log` lists a change someone made on
// the service (here with a plain HTTP call, as curl makes it) beside this
// machine's edit, marked "you"; --workspace is honoured; an API account
// sees workspace names; a service without history is said to give none.
func TestLogReadsTheServiceHistory(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	home := t.TempDir()

	// Someone changes a story on the service.
	list := readStory(t, s, url.Values{"limit": {"1"}, "order": {"id asc"}})
	if len(list) != 1 {
		t.Fatal("no story to change")
	}
	other := list[0].ID
	setStoryPriority(t, s, other, "Low")

	// This machine moves a story in the app.
	term := startTerminal(t, 120, 40, appHomeEnv(home, s), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240", "demo (token)")
	term.Send("l")
	term.Send("]")
	term.WaitFor(20*time.Second, " High → Middle")
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Fatalf("triage ended with %s", exit)
	}

	out := runTriage(t, home, s, "log")
	t.Logf("triage log:\n%s", out)
	short := "#" + api.ShortID(other) + " "
	var theirs, mine bool
	for _, line := range strings.Split(out, "\n") {
		theirs = theirs || strings.Contains(line, short) && strings.Contains(line, "→ Low") && strings.Contains(line, "by someone_else")
		mine = mine || strings.Contains(line, "High → Middle") && strings.Contains(line, "you · sent")
	}
	if !theirs || !mine || !strings.Contains(out, "Changes on "+s.env["TRIAGE_BASE_URL"]) {
		t.Errorf("triage log does not list the service's change by someone_else (%v) and this machine's, marked you (%v):\n%s", theirs, mine, out)
	}

	if other := runTriage(t, home, s, "log", "--workspace", "10022002"); strings.Contains(other, "Atlas Web") || strings.Contains(other, short) {
		t.Errorf("triage log --workspace 10022002 lists Atlas Web's changes:\n%s", other)
	}

	var basic string
	cmd := exec.Command(triageBinary(t), "log", "--workspace", "10022001")
	cmd.Env = append(append(os.Environ(), appHomeEnv(home, s)...), "TRIAGE_TOKEN=", "TRIAGE_API_USER="+s.env["TRIAGE_API_USER"], "TRIAGE_API_PASSWORD="+s.env["TRIAGE_API_PASSWORD"])
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("triage log with an API account: %v\n%s", err, b)
	} else {
		basic = string(b)
	}
	if !strings.Contains(basic, "Atlas Web") || strings.Contains(basic, "10022001 ") {
		t.Errorf("triage log with an API account does not name the workspace:\n%s", basic)
	}

	// A service that keeps no history: the log says whose changes it lists.
	u, _ := url.Parse(s.env["TRIAGE_BASE_URL"])
	proxy := httputil.NewSingleHostReverseProxy(u)
	noHistory := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "_changes") {
			http.NotFound(w, r)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	defer noHistory.Close()
	cmd = exec.Command(triageBinary(t), "log", "--base-url", noHistory.URL)
	cmd.Env = append(os.Environ(), appHomeEnv(home, s)...)
	b, _ := cmd.CombinedOutput()
	if !strings.Contains(string(b), "Changes made from this machine (the service's history was not read: ") {
		t.Errorf("triage log on a service without history:\n%s", b)
	}
}
