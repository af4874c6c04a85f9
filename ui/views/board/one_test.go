package board

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
)

// TestOneItemIsOne: a workspace with one bug counts it as one ("1 bug",
// "1 of 1 bug"), not as "1 bugs"; marking it and moving it nowhere says the
// marked bug stays where it is.
func TestOneItemIsOne(t *testing.T) {
	svc := newFakeService()
	svc.items[api.Bug] = svc.items[api.Bug][:1]
	h := newHarness(t, svc, true, 120, 40).load()
	h.keys("tab")
	if screen := ansi.Strip(h.m.View()); !strings.Contains(screen, " 1 bug\n") && !strings.Contains(screen, " 1 bug ") {
		t.Errorf("one bug is not counted as one:\n%s", screen)
	}
	h.keys("/", "s", "t", "a", "t", "u", "s", ":", "n", "e", "w", "enter")
	if screen := ansi.Strip(h.m.View()); !strings.Contains(screen, "1 of 1 bug") || strings.Contains(screen, "1 bugs") {
		t.Errorf("one bug filtered is not counted as one:\n%s", screen)
	}
}
