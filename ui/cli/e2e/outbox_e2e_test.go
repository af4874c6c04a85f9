package e2e

import (
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"triage/api"
	"triage/store"
)

// TestOutboxSurvivesAKill is the promise of the outbox, end to end with the
// built binary in tmux against `triage serve`: edits made while the service
// is stopped wait on screen, the app is killed (-9), and once the service
// and the app are back every edit reaches the service exactly once. The
// first start also meets a corrupted cache file: it is reported on the
// status line and rebuilt, and the board opens all the same.
func TestOutboxSurvivesAKill(t *testing.T) {
	requireTmux(t)
	addr := freeAddr(t)
	data := filepath.Join(t.TempDir(), "sandbox.db")
	home := t.TempDir()
	s := startServe(t, "--data", data, "--addr", addr)
	base := s.env["TRIAGE_BASE_URL"]

	cacheDir := filepath.Join(home, "cache", "triage")
	if err := os.MkdirAll(cacheDir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cacheDir, store.CacheFile), []byte("this is not a bbolt file, it is garbage"), 0o600); err != nil {
		t.Fatal(err)
	}

	// First run: the board loads, then the service stops.
	term := startTerminal(t, 120, 40, appHomeEnv(home, s), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 240", "item cache was unreadable")
	if err := s.stop(t); err != nil {
		t.Fatalf("serve did not stop cleanly: %v\n%s", err, s.stderr)
	}

	// A move of the first High story (] gives it Middle), and a new story.
	term.Send("l")
	moved := selectedStory(t, term)
	term.Send("]")
	title := fmt.Sprintf("Created while offline %d", time.Now().UnixNano())
	term.Send("n")
	term.WaitFor(5*time.Second, "story title")
	term.Type(title)
	term.Send("C-s")
	term.WaitFor(20*time.Second, "2 edits waiting")

	killApp(t, term)
	if exit := term.Exited(10 * time.Second); exit != "[exit 137]" {
		t.Fatalf("the app ended with %s, want killed (137)", exit)
	}

	// Second run: the service and the app are back; the waiting edits go.
	s = startServe(t, "--data", data, "--addr", addr)
	if s.env["TRIAGE_BASE_URL"] != base {
		t.Fatalf("serve came back at %s, not %s", s.env["TRIAGE_BASE_URL"], base)
	}
	term = startTerminal(t, 120, 40, appHomeEnv(home, s), triageBinary(t), "--insecure-storage")
	term.WaitFor(20*time.Second, "Stories 24", "sent ", " waiting edit")
	deadline := time.Now().Add(20 * time.Second)
	for screen := term.Screen(); strings.Contains(screen, "edits waiting") || strings.Contains(screen, "edit waiting"); screen = term.Screen() {
		if time.Now().After(deadline) {
			t.Fatalf("edits still waiting after the restart:\n%s", screen)
		}
		time.Sleep(50 * time.Millisecond)
	}
	term.Send("q")
	if exit := term.Exited(10 * time.Second); exit != "[exit 0]" {
		t.Errorf("the second run ended with %s", exit)
	}

	if got := readStory(t, s, url.Values{"id": {moved}}); len(got) != 1 || got[0].PriorityLabel != "Middle" {
		t.Errorf("story %s after the restart: %+v, want priority_label Middle", moved, got)
	}
	created := 0
	for _, it := range readStory(t, s, url.Values{"name": {title}}) {
		if it.Title == title {
			created++
		}
	}
	if created != 1 {
		t.Errorf("%d stories titled %q, want exactly 1", created, title)
	}

	// `triage log` prints what the first run did, as text and as JSON.
	out := runTriage(t, home, s, "log")
	for _, want := range []string{"High → Middle", title, "created at", "sent"} {
		if !strings.Contains(out, want) {
			t.Errorf("triage log lacks %q:\n%s", want, out)
		}
	}
	var logged []store.Edit
	for _, line := range strings.Split(strings.TrimSpace(runTriage(t, home, s, "log", "--json")), "\n") {
		if strings.HasPrefix(line, `{"source":"service"`) {
			continue // the seed's recent history, by the demo's other users
		}
		var e store.Edit
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Fatalf("triage log --json printed %q: %v", line, err)
		}
		logged = append(logged, e)
	}
	if len(logged) != 2 || logged[0].ItemID != moved || logged[0].State != store.StateSent ||
		logged[1].Op != store.OpCreate || logged[1].State != store.StateSent || logged[1].ResultItemID == "" {
		t.Errorf("triage log --json: %+v", logged)
	}
}

// freeAddr is a loopback address with a port free now, so that a restarted
// service keeps its address (edits are kept per service address).
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	if err := ln.Close(); err != nil {
		t.Fatal(err)
	}
	return addr
}

// appHomeEnv is the environment of an app run in home, against s.
func appHomeEnv(home string, s *served) []string {
	return []string{
		"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config"), "XDG_DATA_HOME=" + filepath.Join(home, "data"),
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"TERM=xterm-256color", "TRIAGE_BASE_URL=" + s.env["TRIAGE_BASE_URL"], "TRIAGE_AUTH_URL=" + s.env["TRIAGE_AUTH_URL"],
		"TRIAGE_WEB_URL=" + s.env["TRIAGE_WEB_URL"], "TRIAGE_TOKEN=" + s.env["TRIAGE_TOKEN"], "TRIAGE_WORKSPACE=10022001",
	}
}

var selectedCard = regexp.MustCompile(`(?m)^(.*)▌..#(\d+) `)

// selectedStory is the full id of the story under the cursor once it is in
// the second column (High).
func selectedStory(t *testing.T, term *terminal) string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		screen := term.Screen()
		if m := selectedCard.FindStringSubmatch(screen); m != nil && utf8.RuneCountInString(m[1]) > 20 {
			n, _ := strconv.Atoi(m[2])
			return fmt.Sprintf("1110022001%09d", n)
		}
		if time.Now().After(deadline) {
			t.Fatalf("no card selected in the second column:\n%s", screen)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// killApp kills the app running in the terminal with SIGKILL: the child of
// the script tmux runs.
func killApp(t *testing.T, term *terminal) {
	t.Helper()
	shell := strings.TrimSpace(term.tmux("display-message", "-p", "-t", "0", "#{pane_pid}"))
	children, err := os.ReadFile(filepath.Join("/proc", shell, "task", shell, "children"))
	if err != nil {
		t.Fatalf("finding the app: %v", err)
	}
	fields := strings.Fields(string(children))
	if len(fields) != 1 {
		t.Fatalf("the script runs %q, want the app alone", fields)
	}
	pid, err := strconv.Atoi(fields[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatalf("kill -9 %d: %v", pid, err)
	}
}

// readStory lists the stories of workspace 10022001 matching q, with the
// service's API account.
func readStory(t *testing.T, s *served, q url.Values) []api.Item {
	t.Helper()
	q.Set("workspace_id", "10022001")
	req, _ := http.NewRequest(http.MethodGet, s.env["TRIAGE_BASE_URL"]+"/stories?"+q.Encode(), nil)
	req.SetBasicAuth(s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"])
	var list []json.RawMessage
	if status := callJSON(t, req, &list); status != http.StatusOK {
		t.Fatalf("reading stories %v: status %d", q, status)
	}
	items := make([]api.Item, 0, len(list))
	for _, raw := range list {
		it, err := api.DecodeItem(api.Story, raw)
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, it)
	}
	return items
}

// runTriage runs a command of the built binary in home and returns its output.
func runTriage(t *testing.T, home string, s *served, args ...string) string {
	t.Helper()
	cmd := exec.Command(triageBinary(t), args...)
	cmd.Env = append(os.Environ(), appHomeEnv(home, s)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("triage %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}
