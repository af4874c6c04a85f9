package board

import (
	"errors"
	"strings"
	"testing"

	"triage/api"
	"triage/ui/common"
)

// TestRefreshClearsItsError: a load that fails leaves its error, marked
// with its task, on the board and the status line; the next refresh of the
// same kind that succeeds says so, and the error goes from both.
func TestRefreshClearsItsError(t *testing.T) {
	svc := newFakeService()
	down := &api.Error{Kind: api.ErrNetwork, Op: "list stories", Err: errors.New("connection refused")}
	svc.listErr = down
	h := newHarness(t, svc, false, 80, 23).load()
	var failed *common.StatusMsg
	for _, st := range statuses(h.takeOut()) {
		if st.Err != nil {
			failed = &st
		}
	}
	if failed == nil || failed.Task != "loading stories" || !errors.Is(failed.Err, down) {
		t.Fatalf("the failed load reported %+v", failed)
	}
	if got := h.m.Status(); !strings.Contains(got, "cannot reach the service") {
		t.Fatalf("board status after the failed load %q", got)
	}

	svc.listErr = nil
	h.keys("r")
	var cleared bool
	for _, st := range statuses(h.takeOut()) {
		if st.Err != nil {
			t.Errorf("the refresh reported an error: %v", st.Err)
		}
		cleared = cleared || st == (common.StatusMsg{Task: "loading stories"})
	}
	if !cleared {
		t.Error("the refresh that worked did not say its task succeeded")
	}
	if got := h.m.Status(); got != "" {
		t.Errorf("board status after the refresh that worked %q", got)
	}
}
