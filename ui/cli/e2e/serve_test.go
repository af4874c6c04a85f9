package e2e

import (
	"encoding/json"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"triage/api"
)

// TestServePrintsItsEnvironment starts the built `triage serve` on port 0:
// it prints every export a client needs, the base URL with the real port.
func TestServePrintsItsEnvironment(t *testing.T) {
	s := startServe(t)
	for _, k := range []string{"TRIAGE_BASE_URL", "TRIAGE_AUTH_URL", "TRIAGE_WEB_URL", "TRIAGE_API_USER",
		"TRIAGE_API_PASSWORD", "TRIAGE_CLIENT_ID", "TRIAGE_CLIENT_SECRET", "TRIAGE_TOKEN"} {
		if s.env[k] == "" {
			t.Errorf("serve did not print %s", k)
		}
	}
	base := s.env["TRIAGE_BASE_URL"]
	if strings.HasSuffix(base, ":0") || !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("base URL %q does not name the real port", base)
	}
	if err := s.stop(t); err != nil {
		t.Errorf("serve exited with %v; stderr:\n%s", err, s.stderr)
	}
}

// TestServeKeepsStateAcrossRestarts writes through one `triage serve --data`
// process and reads the write back from the next.
func TestServeKeepsStateAcrossRestarts(t *testing.T) {
	data := filepath.Join(t.TempDir(), "sandbox.db")
	s := startServe(t, "--data", data)
	form := url.Values{"workspace_id": {"10022001"}, "name": {"Survives a restart"}, "priority_label": {"Low"}}
	req, _ := http.NewRequest(http.MethodPost, s.env["TRIAGE_BASE_URL"]+"/stories", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", api.ContentTypeForm)
	req.SetBasicAuth(s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"])
	var created map[string]api.Item
	if status := callJSON(t, req, &created); status != http.StatusOK {
		t.Fatalf("create answered %d", status)
	}
	id := created["Story"].ID
	if err := s.stop(t); err != nil {
		t.Fatalf("serve exited with %v", err)
	}
	if want := "stopped, state saved in " + data; !strings.Contains(s.stderr.String(), want) {
		t.Errorf("serve --data said on stopping:\n%s\nwant %q", s.stderr, want)
	}

	s = startServe(t, "--data", data)
	req, _ = http.NewRequest(http.MethodGet, s.env["TRIAGE_BASE_URL"]+"/stories?workspace_id=10022001&id="+id, nil)
	req.SetBasicAuth(s.env["TRIAGE_API_USER"], s.env["TRIAGE_API_PASSWORD"])
	var list []map[string]api.Item
	if status := callJSON(t, req, &list); status != http.StatusOK || len(list) != 1 || list[0]["Story"].Title != "Survives a restart" {
		t.Fatalf("after restart: status %d, %d items", status, len(list))
	}
}

// callJSON sends req and decodes the envelope's data into v; it returns the HTTP status.
func callJSON(t *testing.T, req *http.Request, v any) int {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var env api.Envelope
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
	}
	if env.OK() {
		if err := env.DecodeData(v); err != nil {
			t.Fatalf("%s %s: %v", req.Method, req.URL.Path, err)
		}
	}
	return resp.StatusCode
}

// TestServeWithoutDataSavesNothing: stopping a service that kept its state
// in memory does not claim to have saved it.
func TestServeWithoutDataSavesNothing(t *testing.T) {
	s := startServe(t)
	if err := s.stop(t); err != nil {
		t.Fatalf("serve exited with %v", err)
	}
	said := s.stderr.String()
	if strings.Contains(said, "saved") || !strings.Contains(said, "stopped; its state was in memory only") {
		t.Errorf("serve without --data said on stopping:\n%s", said)
	}
}
