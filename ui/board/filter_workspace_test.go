package board

import (
	"strings"
	"testing"
)

// TestIterationAliasThatCannotApplySaysSo: in a workspace with no
// iteration today, iter:@current keeps nothing and the filter line says
// why and what to use instead.
func TestIterationAliasThatCannotApplySaysSo(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 200, 40).load().keys("tab", "/")
	for _, r := range "iter:@current" {
		h.keys(string(r))
	}
	if got := h.m.cur().passing(); got != 0 {
		t.Errorf("iter:@current keeps %d bugs, want 0", got)
	}
	want := "✗ iter:@current: no open iteration is current on 2026-01-06 here; name one (iter:NAME) or use iter:none"
	if screen := h.screen(); !strings.Contains(screen, want) {
		t.Errorf("the filter line does not say %q:\n%s", want, firstLines(screen, 3))
	}
}
