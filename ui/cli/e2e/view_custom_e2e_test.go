package e2e

import (
	"strings"
	"sync/atomic"
	"testing"
)

// TestViewNamesCustomFields: against `triage serve`, `triage view` of a
// story of 星河移动 prints its custom fields by the workspace's names, as
// the preview does, with one request more than the item's other names
// (the custom field settings); --json is the item as the service sent it.
func TestViewNamesCustomFields(t *testing.T) {
	s := startServe(t)
	var requests atomic.Int64
	env := appEnv(t, s, countingProxy(t, s.env["TRIAGE_BASE_URL"], &requests))
	for i, kv := range env {
		if strings.HasPrefix(kv, "TRIAGE_WORKSPACE=") {
			env[i] = "TRIAGE_WORKSPACE=10022002"
		}
	}
	out, errOut, code := runBinary(t, env, "", "view", "story/18")
	if code != 0 || !strings.Contains(out, "\n客户       华东大区\n") || !strings.Contains(out, "\n预估人天   10\n") {
		t.Fatalf("view story/18: exit %d, want its 客户 and 预估人天 by name\n%s%s", code, out, errOut)
	}
	t.Logf("view of a story with custom fields: %d requests", requests.Swap(0))
	out, errOut, code = runBinary(t, env, "", "view", "story/18", "--json")
	if code != 0 || !strings.Contains(out, `"custom_field_one":"华东大区"`) || strings.Contains(out, "客户") {
		t.Fatalf("view story/18 --json: exit %d, want the service's keys only\n%s%s", code, out, errOut)
	}
	t.Logf("view --json: %d requests", requests.Load())
}
