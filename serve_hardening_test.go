package main

import (
	"net"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeWarnsWhenReachableFromOtherMachines checks the notice serve
// prints for its listening address; no test listens beyond loopback.
func TestServeWarnsWhenReachableFromOtherMachines(t *testing.T) {
	for _, ip := range []string{"127.0.0.1", "::1", "127.0.0.2"} {
		if w := exposureWarning(&net.TCPAddr{IP: net.ParseIP(ip), Port: 8080}); w != "" {
			t.Errorf("%s: warned %q", ip, w)
		}
	}
	for _, ip := range []string{"0.0.0.0", "::", "192.168.1.20"} {
		w := exposureWarning(&net.TCPAddr{IP: net.ParseIP(ip), Port: 8080})
		if !strings.Contains(w, "WARNING") || !strings.Contains(w, "other machines can reach") || !strings.Contains(w, "--addr 127.0.0.1:PORT") {
			t.Errorf("%s: warning %q", ip, w)
		}
	}
}

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
