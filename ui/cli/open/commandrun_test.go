package open

import (
	"context"
	"strings"
	"testing"
)

// TestCommandRunnerStartsThroughTheLauncher: a config command gets the
// launcher's environment: none of triage's variables, no token, secret,
// password or key, and the rest of what triage was given.
func TestCommandRunnerStartsThroughTheLauncher(t *testing.T) {
	environ := []string{
		"PATH=/usr/bin:/bin", "PAGER=kept-pager",
		"TRIAGE_TOKEN=sekrit-token", "TRIAGE_WORKSPACE=sekrit-workspace",
		"GITHUB_TOKEN=sekrit-github", "OPENAI_API_KEY=sekrit-openai", "STRIPE_KEY=sekrit-stripe",
	}
	out, err := commandRunner(environ)(context.Background(), []string{"/bin/sh", "-c", "export -p"})
	if err != nil {
		t.Fatalf("the command failed: %v\n%s", err, out)
	}
	if strings.Contains(out, "sekrit") {
		t.Errorf("triage's variable or a secret reaches the command:\n%s", out)
	}
	if !strings.Contains(out, "kept-pager") {
		t.Errorf("the rest of the environment is lost:\n%s", out)
	}
}
