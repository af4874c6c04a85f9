package e2e

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestCompletionOffersProfilesAndLabels: the bash script completes the
// config's profiles after --profile and `profile use`, and the priority
// labels a command last read after --priority, through triage __complete.
func TestCompletionOffersProfilesAndLabels(t *testing.T) {
	env := scriptService(t)
	var config string
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "XDG_CONFIG_HOME="); ok {
			config = filepath.Join(v, "triage", "config.yaml")
		}
	}
	if err := os.MkdirAll(filepath.Dir(config), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(config, []byte("profiles:\n  work:\n    workspace: 1\n  home:\n    workspace: 2\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out := runScript(t, env, false, "list", "--limit", "1"); !strings.Contains(out, "# exit 0") {
		t.Fatalf("list:\n%s", out)
	}
	bin := triageBinary(t)
	script, err := exec.Command(bin, "completion", "bash").Output()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		words []string // the last is completed
		want  string
	}{
		{[]string{"triage", "status", "--profile", ""}, "default home work"},
		{[]string{"triage", "profile", "use", "h"}, "home"},
		{[]string{"triage", "profile", ""}, "list use"},
		{[]string{"triage", "set", "3", "--priority", "N"}, "Nice To Have"},
		{[]string{"triage", "list", "--kind", ""}, "bug story task"},
	}
	for _, c := range cases {
		quoted := make([]string, len(c.words))
		for i, w := range c.words {
			quoted[i] = shellQuote(w)
		}
		probe := string(script) + "\nCOMP_WORDS=(" + strings.Join(quoted, " ") + ")\nCOMP_CWORD=" + strconv.Itoa(len(c.words)-1) +
			"\n_triage\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n"
		cmd := exec.Command("bash", "-c", probe)
		cmd.Env = append(env, "PATH="+filepath.Dir(bin)+":"+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("bash: %v\n%s", err, out)
		}
		got := strings.Split(strings.TrimSpace(string(out)), "\n")
		slices.Sort(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q completes to %q, want %q", strings.Join(c.words, " "), got, c.want)
		}
	}
}
