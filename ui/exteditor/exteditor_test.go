package exteditor

import (
	"strings"
	"testing"
)

// TestChildEnvHasNoSecrets: the editor program gets the environment
// without the credentials triage may have been given in it.
func TestChildEnvHasNoSecrets(t *testing.T) {
	t.Setenv("TRIAGE_TOKEN", "sekrit-token")
	t.Setenv("TRIAGE_API_PASSWORD", "sekrit-password")
	t.Setenv("TRIAGE_CLIENT_SECRET", "sekrit-client")
	t.Setenv("TRIAGE_WORKSPACE", "10022001")
	env := strings.Join(childEnv(), "\n")
	if strings.Contains(env, "sekrit") {
		t.Errorf("a secret reaches the editor program:\n%s", env)
	}
	if !strings.Contains(env, "TRIAGE_WORKSPACE=10022001") {
		t.Error("the rest of the environment is lost")
	}
}
