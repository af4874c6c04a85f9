package launch

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestWithheld is the policy: which variables never reach a child program.
func TestWithheld(t *testing.T) {
	tests := []struct {
		name     string
		withheld bool
	}{
		{"TRIAGE_TOKEN", true},
		{"TRIAGE_API_USER", true},
		{"TRIAGE_API_PASSWORD", true},
		{"TRIAGE_CLIENT_SECRET", true},
		{"triage_token", true},
		{"GITHUB_TOKEN", true},
		{"gh_token", true},
		{"AWS_SECRET_ACCESS_KEY", true},
		{"AWS_ACCESS_KEY_ID", true},
		{"PGPASSWORD", true},
		{"MYSQL_PASSWD", true},
		{"OPENAI_API_KEY", true},
		{"ApiKey", true},
		{"SSH_PRIVATE_KEY", true},
		{"GOOGLE_APPLICATION_CREDENTIALS", true},
		{"STRIPE_KEY", true},
		{"CLIENT_SECRET", true},
		{"TRIAGE_WORKSPACE", true},
		{"TRIAGE_BASE_URL", true},
		{"TRIAGE_CLIENT_ID", true},
		{"TRIAGE_PROFILE", true},
		{"PATH", false},
		{"HOME", false},
		{"EDITOR", false},
		{"KEYBOARD", false},
		{"XDG_CONFIG_HOME", false},
	}
	for _, tt := range tests {
		if got := Withheld(tt.name); got != tt.withheld {
			t.Errorf("Withheld(%q) = %v, want %v", tt.name, got, tt.withheld)
		}
	}
}

// TestEnvKeepsTheRestInOrder: Env leaves out what Withheld names and
// nothing else.
func TestEnvKeepsTheRestInOrder(t *testing.T) {
	environ := []string{"PATH=/bin", "TRIAGE_TOKEN=sekrit", "TRIAGE_WORKSPACE=10022001", "GITHUB_TOKEN=sekrit", "LANG=C.UTF-8", "BROKEN"}
	want := []string{"PATH=/bin", "LANG=C.UTF-8", "BROKEN"}
	if got := Env(environ); !slices.Equal(got, want) {
		t.Errorf("Env = %q, want %q", got, want)
	}
}

// TestCommandStartsWithoutSecrets: the program Command starts sees the
// environment less what Withheld names.
func TestCommandStartsWithoutSecrets(t *testing.T) {
	environ := []string{"PATH=/usr/bin:/bin", "TRIAGE_API_PASSWORD=sekrit", "TRIAGE_WORKSPACE=sekrit", "LANG=C.UTF-8"}
	out, err := Command(context.Background(), environ, "/bin/sh", "-c", "export -p").Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "sekrit") || !strings.Contains(string(out), "LANG") {
		t.Errorf("the child's environment:\n%s", out)
	}
}
