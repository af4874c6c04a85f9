package board

import (
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/components/preview"
)

// TestPreviewFollowsTheCursorWithoutARequestAKey: P opens the pane with the
// item under the cursor; moving the cursor quickly reads only the item it
// rests on, once, and coming back to an item reads nothing more.
func TestPreviewFollowsTheCursorWithoutARequestAKey(t *testing.T) {
	svc := newFakeService()
	h := newHarness(t, svc, false, 120, 40).load().keys("tab")
	var timers []preview.TickMsg
	h.m.prev.After = func(_ time.Duration, msg tea.Msg) tea.Cmd {
		if tick, ok := msg.(preview.TickMsg); ok {
			timers = append(timers, tick) // held: the test decides when the delay is over
			return nil
		}
		return func() tea.Msg { return msg }
	}
	fire := func() {
		for _, tick := range timers {
			h.send(tick)
		}
		timers = nil
	}
	gets := func() []string {
		svc.mu.Lock()
		defer svc.mu.Unlock()
		var out []string
		for _, r := range svc.reads {
			if strings.HasPrefix(r, "get ") {
				out = append(out, r)
			}
		}
		return out
	}

	h.keys("P")
	if !strings.Contains(h.screen(), "Typo in the welcome e-mail") || !strings.Contains(h.screen(), "reading the description") {
		t.Fatalf("the pane does not show the selected item:\n%s", h.screen())
	}
	h.keys("l", "j", "h") // three moves before the delay is over
	fire()
	if got := gets(); !slices.Equal(got, []string{"get 1110022001000001008"}) {
		t.Errorf("reads %v, want only the item the cursor rests on", got)
	}
	screen := h.screen()
	for _, want := range []string{"Status    new", "Owner     lily", "Priority  none"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the pane lacks %q:\n%s", want, screen)
		}
	}
	h.keys("j")
	fire()
	h.keys("k")
	fire()
	if got := gets(); len(got) != 2 {
		t.Errorf("reads %v, want one more for #1011 and none for #1008 again", got)
	}
	h.keys("P")
	if strings.Contains(h.screen(), "Status    new") {
		t.Errorf("P did not close the pane:\n%s", h.screen())
	}
	if h.m.width != 120 || h.m.height != 40 {
		t.Errorf("the board is %dx%d after the pane closed, want 120x40", h.m.width, h.m.height)
	}
}

func TestIterationName(t *testing.T) {
	fi := api.FieldInfo{"iteration_id": {Options: api.Options{Pairs: []api.Option{{Value: "13001", Label: "Sprint 1"}}}}}
	for id, want := range map[string]string{"13001": "Sprint 1", "13002": "13002", "0": "", "": ""} {
		if got := iterationName(fi, id); got != want {
			t.Errorf("iterationName(%q) = %q, want %q", id, got, want)
		}
	}
}
