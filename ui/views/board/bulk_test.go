package board

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"triage/api"
	"triage/store"
	"triage/ui/internal/uitest"
)

// TestBulkEditWithOneFailingItem marks the High column (V) and one more
// card (space), gives them all Nice To Have after the preview, and one of
// the three fails: it stays marked (and, unreachable, queued), the others
// are unmarked, and the status line sums it up.
func TestBulkEditWithOneFailingItem(t *testing.T) {
	refused := &api.Error{Kind: api.ErrValidation, Op: "update story", HTTPStatus: 422, Info: "priority_label is locked"}
	tests := []struct {
		name    string
		err     error
		summary string
		column  string // of the failing card, after
		badges  []string
		after   func(h *harness)
	}{
		{"refused", refused, "2 moved, 1 failed: " + refused.Error(), "High", []string{"1 marked"},
			func(h *harness) { h.keys("R") }},
		{"unreachable", errors.New("dial tcp: connection refused"), "2 moved, 1 waiting: ", "Nice To Have", []string{"1 edit waiting", "1 marked"},
			func(h *harness) { h.flush() }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			svc := newFakeService()
			svc.writeErrs = []error{nil, tt.err}
			h := newHarness(t, svc, true, 120, 30).load().keys("l", "V", "l", "l", "space")
			if !strings.Contains(h.screen(), "✓ 支持自定义优先级") || !strings.Contains(h.screen(), "✓ Export the board as CSV") {
				t.Errorf("marked cards not drawn with their mark:\n%s", h.screen())
			}
			h.keys("4")
			screen := h.screen()
			if !strings.Contains(screen, "3 items: High → Nice To Have · 1 from Low") || !strings.Contains(screen, "y/enter confirms") {
				t.Fatalf("no preview:\n%s", screen)
			}
			if len(svc.written()) != 0 {
				t.Fatalf("writes before the confirmation: %q", svc.written())
			}
			h.takeOut()
			h.keys("y")
			st := statuses(h.takeOut())
			last := st[len(st)-1]
			if text := last.Text + errText(last.Err); !strings.Contains(text, tt.summary) {
				t.Errorf("status %q, want %q", text, tt.summary)
			}
			for short, col := range map[string]string{"2001": "Nice To Have", "2002": tt.column, "2003": "Nice To Have"} {
				if got := h.columnOf(api.Story, short); got != col {
					t.Errorf("#%s is in %q, want %q", short, got, col)
				}
			}
			if !h.m.marked(api.Story, "1010022001000002002") || h.m.markCount() != 1 {
				t.Errorf("marks %v, want only the failing #2002", h.m.marks[api.Story])
			}
			if b := h.m.Badges(); !slices.Equal(b, tt.badges) {
				t.Errorf("badges %q, want %q", b, tt.badges)
			}
			if !h.ctx.Tasks.Idle() {
				t.Errorf("tasks still running: %v", h.ctx.Tasks.Busy())
			}
			tt.after(h)
			if got := h.columnOf(api.Story, "2002"); got != "Nice To Have" || h.m.markCount() != 0 || h.m.eng.Editing() {
				t.Errorf("after sending again: #2002 in %q, %d marked, edits %v", got, h.m.markCount(), h.m.eng.Editing())
			}
			sent := 0
			hist, _ := h.edits.History(uitest.Session)
			for _, e := range hist {
				if e.State == store.StateSent {
					sent++
				}
			}
			if sent != 3 {
				t.Errorf("%d edits sent in the session log, want 3: %+v", sent, hist)
			}
		})
	}
}

func TestBulkMarks(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 120, 30).load().keys("l", "V")
	if h.m.markCount() != 2 {
		t.Fatalf("V marked %d, want the 2 cards of High", h.m.markCount())
	}
	h.keys("space")
	if h.m.markCount() != 1 {
		t.Errorf("space on a marked card left %d marked, want 1", h.m.markCount())
	}
	h.takeOut()
	h.keys("1")
	if st := statuses(h.takeOut()); h.m.prompt != nil || len(st) != 1 || st[0].Text != "the marked story stays where it is" {
		t.Errorf("a bulk edit that moves nothing: prompt %v, status %v", h.m.prompt, st)
	}
	h.keys("]", "n")
	if h.m.prompt != nil || len(h.svc.written()) != 0 || h.m.markCount() != 1 {
		t.Errorf("n: prompt %v, writes %q, %d marked; want nothing sent and the marks kept", h.m.prompt, h.svc.written(), h.m.markCount())
	}
	h.keys("/", "C", "S", "V", "enter", "esc")
	if h.m.markCount() != 0 || h.cur().query == "" {
		t.Errorf("esc: %d marked, filter %q; want the marks cleared first, the filter kept", h.m.markCount(), h.cur().query)
	}
}

func (h *harness) cur() *dataset { return h.m.cur() }

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
