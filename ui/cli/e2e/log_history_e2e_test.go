package e2e

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
// machine's edits, marked "you", each once and by the board's labels;
// piped it is plain tab-separated lines, on a terminal a table whose
// changes are whole; --workspace is honoured; an API account sees
// workspace names; a service without history is said to give none.
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

	// And sets a bug's priority and owners from the command line.
	runTriage(t, home, s, "set", "1", "--kind", "bug", "--priority", "高", "--owner", "bob,demo")

	// Piped, the log is plain: one change a line, tab-separated, whole.
	out := runTriage(t, home, s, "log")
	t.Logf("triage log | cat:\n%s", out)
	short := "#" + api.ShortID(other)
	var theirs, mine, bugPriority, bugOwner int
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(line, "Changes on ") {
			continue
		}
		cells := strings.Split(line, "\t")
		if len(cells) != len(logColumns) || strings.Contains(line, "…") || strings.Contains(line, "TITLE") {
			t.Errorf("piped, %q is not %d whole tab-separated cells", line, len(logColumns))
			continue
		}
		id, kind, change, who := cells[1], cells[3], cells[5], cells[6]
		switch {
		case id == short && kind == "story" && strings.HasPrefix(change, "priority ") && strings.HasSuffix(change, "→ Low"):
			theirs++
			if who != "by someone_else" {
				t.Errorf("someone_else's change says %q", who)
			}
		case change == "priority High → Middle":
			mine++
			if who != "you · sent" {
				t.Errorf("this machine's move says %q", who)
			}
		case kind == "bug" && id == "#1" && strings.HasPrefix(change, "priority ") && strings.HasSuffix(change, " → 高") && who == "you · sent":
			bugPriority++
		case strings.HasPrefix(who, "by ") && who != "by someone_else" && (strings.HasPrefix(change, "status ") || strings.HasPrefix(change, "created (")):
			// the seed's recent history, by the demo's other users: which of
			// its changes fall today (in China) depends on the hour
		case kind == "bug" && id == "#1" && strings.HasPrefix(change, "owner ") && strings.HasSuffix(change, " → bob, demo") && who == "you · sent":
			bugOwner++
		default:
			t.Errorf("a line the log should not have (a change twice, or a raw value): %q", line)
		}
	}
	if theirs != 1 || mine != 1 || bugPriority != 1 || bugOwner != 1 || !strings.Contains(out, "Changes on "+s.env["TRIAGE_BASE_URL"]) {
		t.Errorf("triage log lists someone_else's change %d times, this machine's move %d times, the bug's priority %d and owners %d times; want each once:\n%s",
			theirs, mine, bugPriority, bugOwner, out)
	}

	// On a terminal of 120 columns it is a table whose changes are whole.
	table := startTerminal(t, 120, 40, appHomeEnv(home, s), triageBinary(t), "log")
	screen := table.WaitFor(20*time.Second, "[exit 0]")
	t.Logf("triage log at 120 columns:\n%s", screen)
	for _, want := range []string{"TITLE", "CHANGE", "WHO · STATE", "priority High → Middle", "by someone_else", " → 高 ", " → bob, demo "} {
		if !strings.Contains(screen, want) {
			t.Errorf("at 120 columns the log does not show %q whole:\n%s", want, screen)
		}
	}

	elsewhere := runTriage(t, home, s, "log", "--workspace", "10022002")
	for _, line := range strings.Split(strings.TrimSpace(elsewhere), "\n") {
		if cells := strings.Split(line, "\t"); !strings.HasPrefix(line, "Changes on ") && (len(cells) != len(logColumns) || cells[4] != "星河移动") {
			t.Errorf("triage log --workspace 10022002 lists a change outside 星河移动: %q", line)
		}
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
