package e2e

import (
	"path/filepath"
	"testing"
)

// TestServeMakesItsSecretsAndKeepsThem: every `triage serve` makes its own
// client secret, API password and personal token; with --data the second
// start prints the ones of the first.
func TestServeMakesItsSecretsAndKeepsThem(t *testing.T) {
	secrets := []string{"TRIAGE_API_PASSWORD", "TRIAGE_CLIENT_SECRET", "TRIAGE_TOKEN"}
	data := filepath.Join(t.TempDir(), "serve.db")
	first := startServe(t, "--data", data)
	first.stop(t)
	second := startServe(t, "--data", data)
	second.stop(t)
	other := startServe(t)
	other.stop(t)
	for _, k := range secrets {
		if first.env[k] == "" || first.env[k] != second.env[k] {
			t.Errorf("%s changed across a restart on the same --data", k)
		}
		if first.env[k] == other.env[k] {
			t.Errorf("%s is the same for two services", k)
		}
	}
	if first.env["TRIAGE_CLIENT_SECRET"] == "4b905b668b058e4b9d4924a73cdb8cbcea3a6b21" || first.env["TRIAGE_API_PASSWORD"] == "nw-sandbox-secret" {
		t.Error("serve printed the seed's fixed secrets")
	}
}
