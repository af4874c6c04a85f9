package e2e

import (
	"strings"
	"testing"
	"time"
)

// TestEnvCredentialRefusedOnScreen: against `triage serve`, the app and
// triage list, started with a wrong credential in the environment, name
// the variables to correct or unset (a login cannot help while they are
// set), and show no secret.
func TestEnvCredentialRefusedOnScreen(t *testing.T) {
	s := startServe(t)
	service := []string{"TRIAGE_BASE_URL=" + s.env["TRIAGE_BASE_URL"], "TRIAGE_WEB_URL=" + s.env["TRIAGE_WEB_URL"], "TRIAGE_WORKSPACE=10022001"}
	const wrongPassword = "not-the-password-42"
	for _, tc := range []struct {
		name string
		env  []string
		argv []string
		says string
	}{
		{"the app, a token", []string{"TRIAGE_TOKEN=" + badToken}, nil,
			"triage: set a valid token in TRIAGE_TOKEN, or unset TRIAGE_TOKEN and run `triage login`: the service refused the personal access token (422: The access token provided is invalid)"},
		{"the app, an API account", []string{"TRIAGE_API_USER=" + s.env["TRIAGE_API_USER"], "TRIAGE_API_PASSWORD=" + wrongPassword}, nil,
			"triage: correct TRIAGE_API_USER and TRIAGE_API_PASSWORD, or unset them and run `triage login`: the service refused the API account (401 Unauthorized)"},
		{"list, a token", []string{"TRIAGE_TOKEN=" + badToken}, []string{"list", "--kind", "bug"},
			"triage: set a valid token in TRIAGE_TOKEN, or unset TRIAGE_TOKEN and run `triage login`: read bug fields: the access token was refused (422: The access token provided is invalid)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			term := startTerminal(t, 250, 10, homeEnv(t.TempDir(), append(service, tc.env...)...), append([]string{triageBinary(t)}, tc.argv...)...)
			if exit := term.Exited(30 * time.Second); exit != "[exit 1]" {
				t.Errorf("exited with %s", exit)
			}
			screen := term.Screen()
			t.Logf("triage %s:\n%s", strings.Join(tc.argv, " "), screen)
			if !strings.Contains(screen, tc.says) {
				t.Errorf("the screen does not say %q", tc.says)
			}
			if strings.Contains(screen, badToken) || strings.Contains(screen, wrongPassword) {
				t.Error("the screen shows the secret")
			}
		})
	}
}
