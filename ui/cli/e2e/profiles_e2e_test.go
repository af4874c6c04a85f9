package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// profileHome is a home with a config of two profiles, a and b, one per
// `triage serve`, and no credential in the environment.
func profileHome(t *testing.T, a, b *served) []string {
	t.Helper()
	home := t.TempDir()
	env := homeEnv(home)
	config := "profile: a\nprofiles:\n" +
		"  a:\n    base_url: " + a.env["TRIAGE_BASE_URL"] + "\n    auth_url: " + a.env["TRIAGE_AUTH_URL"] + "\n    workspace: 10022001\n" +
		"  b:\n    base_url: " + b.env["TRIAGE_BASE_URL"] + "\n    auth_url: " + b.env["TRIAGE_AUTH_URL"] + "\n    workspace: 10022001\n"
	path := filepath.Join(home, "config", "triage", "config.yaml")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(config), 0o600); err != nil {
		t.Fatal(err)
	}
	return env
}

// TestProfilesKeepCredentialsApart: two profiles on two services, logged in
// in two ways, each keep their own credential: status lists both and marks
// the active one, profile use switches, logging out of one leaves the other.
func TestProfilesKeepCredentialsApart(t *testing.T) {
	a, b := startServe(t), startServe(t)
	env := profileHome(t, a, b)
	run := func(extra []string, stdin string, args ...string) (string, string, int) {
		return runBinary(t, append(append([]string{}, env...), extra...), stdin, append(args, "--insecure-storage")...)
	}
	if out, errOut, code := run(nil, a.env["TRIAGE_TOKEN"]+"\n", "login", "--token"); code != 0 {
		t.Fatalf("login to a: exit %d\n%s%s", code, out, errOut)
	}
	basic := []string{"TRIAGE_API_USER=" + b.env["TRIAGE_API_USER"], "TRIAGE_API_PASSWORD=" + b.env["TRIAGE_API_PASSWORD"]}
	if out, errOut, code := run(basic, "", "login", "--basic", "--profile", "b"); code != 0 {
		t.Fatalf("login to b: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, code := run(nil, "", "status")
	for _, want := range []string{
		"a (active)\n  Service:    " + a.env["TRIAGE_BASE_URL"] + "\n  Status:     ✓ Logged in: the service confirmed the personal access token",
		"\nb\n  Service:    " + b.env["TRIAGE_BASE_URL"] + "\n  Status:     ✓ Logged in: the service confirmed the API account",
		"default\n  Service:    https://api.tapd.cn\n  Status:     ✗ Not logged in",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("status does not say\n%s\nit printed (exit %d):\n%s%s", want, code, out, errOut)
		}
	}
	if code != 0 {
		t.Errorf("status exits %d with the active profile logged in, want 0", code)
	}
	if out, errOut, code := runBinary(t, env, "", "profile", "use", "b"); code != 0 || !strings.Contains(errOut, "Now using profile b") {
		t.Fatalf("profile use b: exit %d\n%s%s", code, out, errOut)
	}
	out, _, _ = run(nil, "", "status", "--json", "--offline")
	if !strings.Contains(out, `"active": "b"`) || !strings.Contains(out, `"method": "basic"`) || !strings.Contains(out, `"method": "token"`) {
		t.Errorf("status --json after profile use b:\n%s", out)
	}
	if _, errOut, code := run(nil, "", "logout", "--profile", "a"); code != 0 {
		t.Fatalf("logout --profile a: exit %d\n%s", code, errOut)
	}
	out, _, code = run(nil, "", "status")
	if code != 0 || !strings.Contains(out, "\na\n  Service:    "+a.env["TRIAGE_BASE_URL"]+"\n  Status:     ✗ Not logged in") || !strings.Contains(out, "b (active)\n  Service:    "+b.env["TRIAGE_BASE_URL"]+"\n  Status:     ✓ Logged in") {
		t.Errorf("after logging out of a, status (exit %d):\n%s", code, out)
	}
	out, errOut, code = run(nil, "", "list", "--profile", "a")
	if code != 1 || !strings.Contains(errOut, "not logged in to "+a.env["TRIAGE_BASE_URL"]) {
		t.Errorf("list --profile a after its logout: exit %d, stderr %q", code, errOut)
	}
	for _, s := range []string{a.env["TRIAGE_TOKEN"], a.env["TRIAGE_API_PASSWORD"]} {
		if strings.Contains(out+errOut, s) {
			t.Errorf("a secret reached the output")
		}
	}
}

// TestProfileOutboxesApart: an edit kept for a profile whose service is
// down waits in that profile's outbox only: the other profile neither
// lists it nor sends it with its own credential.
func TestProfileOutboxesApart(t *testing.T) {
	a, b := startServe(t), startServe(t)
	env := profileHome(t, a, b)
	run := func(args ...string) (string, string, int) {
		return runBinary(t, env, "", append(args, "--insecure-storage")...)
	}
	for _, p := range []struct {
		name string
		s    *served
	}{{"a", a}, {"b", b}} {
		if out, errOut, code := runBinary(t, env, p.s.env["TRIAGE_TOKEN"]+"\n", "login", "--token", "--profile", p.name, "--insecure-storage"); code != 0 {
			t.Fatalf("login to %s: exit %d\n%s%s", p.name, code, out, errOut)
		}
	}
	if err := a.stop(t); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := run("set", "6", "--kind", "story", "--priority", "High", "--if-priority", "Middle", "--queue", "--profile", "a"); code != 3 || !strings.Contains(errOut, "queued") {
		t.Fatalf("set --queue on a stopped a: exit %d\n%s", code, errOut)
	}
	if _, errOut, code := run("set", "story/7", "--priority", "High", "--profile", "b"); code != 0 {
		t.Fatalf("set on b: exit %d\n%s", code, errOut)
	}
	outA, _, _ := run("log", "--json", "--profile", "a")
	outB, _, _ := run("log", "--json", "--profile", "b")
	if !strings.Contains(outA, `"item_id":"1110022001000000006"`) || !strings.Contains(outA, `"state":"waiting"`) || strings.Contains(outA, "1110022001000000007") {
		t.Errorf("a's outbox:\n%s", outA)
	}
	if strings.Contains(outB, "1110022001000000006") || !strings.Contains(outB, `"item_id":"1110022001000000007"`) {
		t.Errorf("b's outbox holds a's edit or lacks its own:\n%s", outB)
	}
	out, _, _ := run("view", "story/6", "--json", "--profile", "b")
	if !strings.Contains(out, `"priority_label":"Middle"`) {
		t.Errorf("a's edit reached b's service:\n%s", out)
	}
}
