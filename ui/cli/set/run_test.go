package set

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adrg/xdg"

	"triage/api/sandbox"
	"triage/ui/cli/wiring"
)

// TestRunWritesThroughTheOutbox: `triage set` run in process, on the local
// service, writes a priority and reads back what it wrote; a second run
// finds it unchanged.
func TestRunWritesThroughTheOutbox(t *testing.T) {
	home := t.TempDir()
	for name, dir := range map[string]string{"XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data", "XDG_CACHE_HOME": "cache", "XDG_STATE_HOME": "state"} {
		t.Setenv(name, filepath.Join(home, dir))
	}
	xdg.Reload()
	t.Cleanup(xdg.Reload)
	srv, err := sandbox.New(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close)
	env := map[string]string{"TRIAGE_BASE_URL": hs.URL, "TRIAGE_WORKSPACE": "10022001", "TRIAGE_TOKEN": srv.Demo().Users[0].PersonalToken}
	run := func() []Result {
		var out, errOut strings.Builder
		f := &wiring.Factory{Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errOut, Env: func(name string) string { return env[name] }}
		err := NewCmd(nil)(f, context.Background(), []string{"story/2", "--priority", "High", "--json", "--insecure-storage"})
		if err != nil {
			t.Fatalf("set: %v\n%s", err, errOut.String())
		}
		var results []Result
		if err := json.Unmarshal([]byte(out.String()), &results); err != nil {
			t.Fatalf("%v in %q", err, out.String())
		}
		return results
	}
	first, second := run(), run()
	if len(first) != 1 || first[0].Field != "priority" || first[0].To != "High" || first[0].Result != ResultApplied {
		t.Errorf("first run: %+v", first)
	}
	if len(second) != 1 || second[0].Result != ResultUnchanged {
		t.Errorf("second run: %+v", second)
	}
}
