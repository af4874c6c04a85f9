package e2e

import (
	"bytes"
	"errors"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"triage/api/sandbox"
)

// scriptService is the local service on a fixed clock, so that the items'
// times are the same on every run, and the environment that reaches it
// with the demo user's personal token.
func scriptService(t *testing.T) []string {
	t.Helper()
	at := time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)
	srv, err := sandbox.New(sandbox.Options{Clock: func() time.Time { return at }})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	var token string
	for _, u := range srv.Demo().Users {
		if u.Nick == "demo" {
			token = u.PersonalToken
		}
	}
	home := t.TempDir()
	return []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, ".config"), "TZ=UTC", "COLUMNS=100",
		"TRIAGE_BASE_URL=" + hs.URL, "TRIAGE_WEB_URL=https://www.tapd.cn", "TRIAGE_TOKEN=" + token, "TRIAGE_WORKSPACE=10022001"}
}

// runScript runs the built triage with env, piped, or on a terminal (a
// pseudo-terminal made by script(1)) when tty; it returns the transcript.
func runScript(t *testing.T, env []string, tty bool, args ...string) string {
	t.Helper()
	bin := triageBinary(t)
	cmd := exec.Command(bin, args...)
	if tty {
		if _, err := exec.LookPath("script"); err != nil {
			t.Skip("script(1) is not installed: it gives the command a terminal")
		}
		line := shellQuote(bin)
		for _, a := range args {
			line += " " + shellQuote(a)
		}
		cmd = exec.Command("script", "-qec", line, "/dev/null")
	}
	cmd.Env = env
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	code := 0
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			t.Fatal(err)
		}
		code = exit.ExitCode()
	}
	mode := "piped"
	if tty {
		mode = "on a terminal"
	}
	return "$ triage " + strings.Join(args, " ") + "   # " + mode + "\n# exit " + strconv.Itoa(code) +
		"\n# stdout\n" + strings.ReplaceAll(out.String(), "\r\n", "\n") + "# stderr\n" + errOut.String()
}

// TestScriptGolden: list and view of the built binary, as a table on a
// terminal, as tab-separated text when piped, and as JSON.
func TestScriptGolden(t *testing.T) {
	env := scriptService(t)
	tests := []struct {
		name string
		tty  bool
		args []string
	}{
		{"list_table", true, []string{"list", "--limit", "8"}},
		{"list_table_query", true, []string{"list", "prio:High|Middle", "owner:bob", "--columns", "id,priority,status,iteration,title", "--limit", "10"}},
		{"list_plain", false, []string{"list", "--limit", "8"}},
		{"list_plain_bugs", false, []string{"list", "--kind", "bug", "status:resolved", "login"}},
		{"list_json", false, []string{"list", "--json", "--limit", "2", "--columns", "id,title,priority,status,owner"}},
		{"list_json_all_fields", false, []string{"list", "--kind", "task", "--json", "--limit", "1"}},
		{"list_bad_kind", false, []string{"list", "--kind", "epic"}},
		{"list_quoted_value", false, []string{"list", "prio:Nice To Have", "-status:dev", "owner:al"}},
		{"list_bad_filter", false, []string{"list", "foo:bar", "status:"}},
		{"list_no_such_status", false, []string{"list", "status:zzz", "prio:hi|nope"}},
		{"view_table", true, []string{"view", "#3", "--comments", "--kind", "bug"}},
		{"view_plain", false, []string{"view", "story/3"}},
		{"view_ambiguous", false, []string{"view", "3"}},
		{"view_url", false, []string{"view", "https://www.tapd.cn/10022001/prong/tasks/view/1110022001000000002"}},
		{"view_json", false, []string{"view", "1110022001000000003", "--kind", "story", "--json", "--comments"}},
		{"view_missing", false, []string{"view", "99999"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			golden(t, filepath.Join("cli", tt.name+".golden"), runScript(t, env, tt.tty, tt.args...))
		})
	}
}

// TestListReadsPast20000: the service lists at most 20,000 items a query;
// list reads every item of a longer list, each once.
func TestListReadsPast20000(t *testing.T) {
	if testing.Short() {
		t.Skip("seeds 20,100 more items per kind")
	}
	srv, err := sandbox.New(sandbox.Options{ExtraItems: 20100})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	env := []string{"HOME=" + t.TempDir(), "TRIAGE_BASE_URL=" + hs.URL, "TRIAGE_WORKSPACE=10022001",
		"TRIAGE_TOKEN=" + srv.Demo().Users[0].PersonalToken}
	out, errOut, code := runBinary(t, env, "", "list", "--columns", "full_id")
	ids := strings.Fields(out)
	seen := map[string]bool{}
	for _, id := range ids {
		seen[id] = true
	}
	if code != 0 || len(ids) <= 20100 || len(seen) != len(ids) {
		t.Fatalf("list printed %d ids (%d distinct), exit %d, want more than 20,100 distinct; stderr:\n%s", len(ids), len(seen), code, errOut)
	}
}

// TestViewWebOpensTheItem: view --web gives the item's web address to the
// browser program.
func TestViewWebOpensTheItem(t *testing.T) {
	env := scriptService(t)
	dir := t.TempDir()
	opened := filepath.Join(dir, "opened")
	browser := filepath.Join(dir, "browser")
	if err := os.WriteFile(browser, []byte("#!/bin/sh\necho \"$1\" > "+opened+"\n"), 0o700); err != nil {
		t.Fatal(err)
	}
	out := runScript(t, append(env, "BROWSER="+browser), false, "view", "#2", "--kind", "task", "--web")
	want := "https://www.tapd.cn/10022001/prong/tasks/view/1110022001000000002"
	if !strings.Contains(out, "# exit 0") || !strings.Contains(out, "Opened "+want) {
		t.Fatalf("view --web:\n%s", out)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		got, err := os.ReadFile(opened)
		if err == nil && strings.TrimSpace(string(got)) == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the browser was given %q (%v), want %s", got, err, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
