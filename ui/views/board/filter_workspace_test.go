package board

import (
	"fmt"
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

// TestPriorityFilterPickerCountsWhatTheColumnsShow: with a text filter on,
// f offers each priority with the count its column's header shows.
func TestPriorityFilterPickerCountsWhatTheColumnsShow(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 200, 40).load().keys("tab", "/", "n", "enter", "f")
	d := h.m.cur()
	if d.passing() == len(d.items) || h.m.pick == nil {
		t.Fatalf("the filter keeps %d of %d bugs; picker open %v", d.passing(), len(d.items), h.m.pick != nil)
	}
	shown := h.m.pick.model.Shown()
	for c, it := range shown {
		if want := fmt.Sprint(len(d.visible(c))); it.Detail != want {
			t.Errorf("%s: the picker counts %s, the column shows %s", it.Title, it.Detail, want)
		}
	}
	var hint []string
	for _, b := range h.m.KeyMap().ShortHelp() {
		if b.Enabled() {
			hint = append(hint, b.Help().Key+" "+b.Help().Desc)
		}
	}
	if got := strings.Join(hint, " · "); got != "enter choose · / or type filter · esc clear filter / cancel" {
		t.Errorf("with the picker open the hint line says %q", got)
	}
}

// TestFilterKeptIntoAWorkspaceShowsItsFirstCard: a filter kept as a
// workspace opens puts the cursor on the first card it keeps, not on an
// empty column.
func TestFilterKeptIntoAWorkspaceShowsItsFirstCard(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 200, 40).load().keys("tab", "/", "p", "a", "y", "m", "e", "n", "t", "enter")
	h.run(h.m.openWorkspace(testWS))
	d := h.m.cur()
	i, ok := h.m.selected()
	if d.typed != "payment" || d.passing() != 1 || !ok || d.items[i].ShortID() != "1002" {
		t.Errorf("after opening the workspace the filter %q keeps %d bugs and the cursor is on column %q", d.typed, d.passing(), d.cols[d.cur].label)
	}
}
