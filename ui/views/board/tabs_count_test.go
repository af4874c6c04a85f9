package board

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"triage/api"
)

// TestTabsCountKindsNotOpened: opening a workspace on the Stories tab
// counts the bugs and the tasks, one count each, and their tabs show the
// counts before they are opened; opening them asks no count again. A
// count that fails shows a dash.
func TestTabsCountKindsNotOpened(t *testing.T) {
	svc := newFakeService()
	h := newHarness(t, svc, true, 120, 30).load()
	tabs := firstLines(h.screen(), 1)
	if !strings.Contains(tabs, "Stories 5") || !strings.Contains(tabs, "Bugs 11") || !strings.Contains(tabs, "Tasks 0") {
		t.Errorf("the tabs before Bugs and Tasks are opened: %q", tabs)
	}
	if want := []api.Kind{api.Bug, api.Task}; !slices.Equal(svc.counts, want) {
		t.Errorf("counted %v, want %v once each", svc.counts, want)
	}
	h.keys("tab", "tab")
	if len(svc.counts) != 2 {
		t.Errorf("opening the tabs counted again: %v", svc.counts)
	}

	failing := newFakeService()
	failing.countErr = errors.New("service unavailable")
	tabs = firstLines(newHarness(t, failing, true, 120, 30).load().screen(), 1)
	if !strings.Contains(tabs, "Bugs –") || !strings.Contains(tabs, "Tasks –") {
		t.Errorf("with the counts failing the tabs read %q, want a dash for each kind not counted", tabs)
	}
}
