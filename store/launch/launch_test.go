package launch

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestSecret is the policy: which variables never reach a child program.
func TestSecret(t *testing.T) {
	tests := []struct {
		name   string
		secret bool
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
		{"TRIAGE_WORKSPACE", false},
		{"TRIAGE_BASE_URL", false},
		{"TRIAGE_CLIENT_ID", false},
		{"TRIAGE_PROFILE", false},
		{"PATH", false},
		{"HOME", false},
		{"EDITOR", false},
		{"KEYBOARD", false},
		{"XDG_CONFIG_HOME", false},
	}
	for _, tt := range tests {
		if got := Secret(tt.name); got != tt.secret {
			t.Errorf("Secret(%q) = %v, want %v", tt.name, got, tt.secret)
		}
	}
}

// TestEnvKeepsTheRestInOrder: Env leaves out the secrets and nothing else.
func TestEnvKeepsTheRestInOrder(t *testing.T) {
	environ := []string{"PATH=/bin", "TRIAGE_TOKEN=sekrit", "TRIAGE_WORKSPACE=10022001", "GITHUB_TOKEN=sekrit", "LANG=C.UTF-8", "BROKEN"}
	want := []string{"PATH=/bin", "TRIAGE_WORKSPACE=10022001", "LANG=C.UTF-8", "BROKEN"}
	if got := Env(environ); !slices.Equal(got, want) {
		t.Errorf("Env = %q, want %q", got, want)
	}
}

// TestCommandStartsWithoutSecrets: the program Command starts sees the
// environment less the secrets.
func TestCommandStartsWithoutSecrets(t *testing.T) {
	environ := []string{"PATH=/usr/bin:/bin", "TRIAGE_API_PASSWORD=sekrit", "TRIAGE_WORKSPACE=10022001"}
	out, err := Command(context.Background(), environ, "/bin/sh", "-c", "export -p").Output()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out), "sekrit") || !strings.Contains(string(out), "TRIAGE_WORKSPACE") {
		t.Errorf("the child's environment:\n%s", out)
	}
}
