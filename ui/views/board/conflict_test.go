package board

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
)

// TestConflictAsksKeepMineOrTakeTheirs runs a conflict end to end through a
// real outbox: an edit waits while the service is unreachable, someone else
// changes the item meanwhile, and the flush finds it; the board asks, and
// the answer goes to the service (mine) or to the card (theirs).
func TestConflictAsksKeepMineOrTakeTheirs(t *testing.T) {
	const id = "1110022001000001008"
	tests := []struct {
		name   string
		key    string
		column string // where the card ends
		writes []string
		state  store.EditState
	}{
		{"keep mine", "m", "紧急", []string{"priority " + id + "=urgent", "priority " + id + "=urgent"}, store.StateSent},
		{"take theirs", "t", "低", []string{"priority " + id + "=urgent"}, store.StateDiscarded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService()
			svc.writeErrs = []error{errors.New("dial tcp: connection refused")}
			h := newHarness(t, svc, true, 100, 30).load().keys("tab", "]")
			if b := h.m.Badges(); !slices.Contains(b, "1 edit waiting") {
				t.Fatalf("badges %q, want the edit waiting", b)
			}
			svc.setByOther(api.Bug, id, "low")
			h.flush()
			screen := h.screen()
			for _, want := range []string{"Changed meanwhile by someone else", "#1008 Typo in the welcome e-mail",
				"Its priority is now 低; you set 紧急", "m keep mine (紧急) · t take theirs (低) · esc later"} {
				if !strings.Contains(screen, want) {
					t.Errorf("the conflict prompt lacks %q:\n%s", want, screen)
				}
			}
			if st, ok := h.m.eng.State(api.Bug, id); !ok || st != engine.Conflict {
				t.Errorf("the card's edit is %v (%v), want it in conflict (≠)", st, ok)
			}
			if !h.m.Capturing() || !slices.Contains(h.m.Badges(), "1 conflict") {
				t.Errorf("capturing %v, badges %q: want the prompt holding the keys and the conflict counted", h.m.Capturing(), h.m.Badges())
			}
			h.keys(tt.key).flush()
			if h.m.prompt != nil {
				t.Errorf("the prompt is still open:\n%s", h.screen())
			}
			if got := h.columnOf(api.Bug, "1008"); got != tt.column {
				t.Errorf("the card is in %q, want %q", got, tt.column)
			}
			if !slices.Equal(svc.written(), tt.writes) {
				t.Errorf("writes %q, want %q", svc.written(), tt.writes)
			}
			hist, err := h.edits.History(uitest.Session)
			if err != nil || len(hist) != 1 || hist[0].State != tt.state {
				t.Errorf("session log %+v (%v), want the edit %s", hist, err, tt.state)
			}
			if h.m.eng.Editing() || len(h.m.Badges()) != 0 {
				t.Errorf("left: edits %v, badges %q", h.m.eng.Editing(), h.m.Badges())
			}
		})
	}
}

// TestConflictLater: esc leaves the conflict for later; R asks again.
func TestConflictLater(t *testing.T) {
	const id = "1110022001000001008"
	svc := newFakeService()
	svc.writeErrs = []error{errors.New("connection reset by peer")}
	h := newHarness(t, svc, true, 100, 30).load().keys("tab", "]")
	svc.setByOther(api.Bug, id, "low")
	h.flush()
	var help []string
	for _, b := range h.m.KeyMap().ShortHelp() {
		help = append(help, b.Help().Key+" "+b.Help().Desc)
	}
	if !slices.Equal(help, []string{"m keep mine", "t take theirs", "esc answer later (R)"}) {
		t.Errorf("the help line offers %q while the conflict is asked", help)
	}
	h.keys("esc")
	if h.m.prompt != nil || !slices.Contains(h.m.Badges(), "1 conflict") {
		t.Fatalf("after esc: prompt %v, badges %q", h.m.prompt, h.m.Badges())
	}
	if !strings.Contains(h.screen(), h.marked(api.Bug, "1008", "≠")) {
		t.Errorf("the card is not marked in conflict:\n%s", h.screen())
	}
	h.keys("j", "R")
	if h.m.prompt == nil || h.m.prompt.kind != promptConflict {
		t.Fatalf("R did not ask about the conflict again:\n%s", h.screen())
	}
}

// TestUndoLeavesAChangeDroppedForTheirs: after t takes the other change, u
// has nothing of it to put back: it says so and writes nothing, where it
// wrote the value seen before the dropped change over the other person's.
func TestUndoLeavesAChangeDroppedForTheirs(t *testing.T) {
	const id = "1110022001000001008"
	svc := newFakeService()
	svc.writeErrs = []error{errors.New("dial tcp: connection refused")}
	h := newHarness(t, svc, true, 100, 30).load().keys("tab", "]")
	svc.setByOther(api.Bug, id, "low")
	h.flush().keys("t").flush()
	before := len(svc.written())
	h.takeOut()
	h.keys("u").flush()
	if got := svc.written()[before:]; len(got) != 0 {
		t.Errorf("u after take theirs wrote %q, want nothing", got)
	}
	said := ""
	for _, msg := range h.takeOut() {
		if s, ok := msg.(common.StatusMsg); ok {
			said += s.Text
		}
	}
	if !strings.Contains(said, "nothing to undo") {
		t.Errorf("u after take theirs said %q, want nothing to undo", said)
	}
	if got := h.columnOf(api.Bug, "1008"); got != "低" {
		t.Errorf("the card is in %q, want 低, the other change", got)
	}
}
