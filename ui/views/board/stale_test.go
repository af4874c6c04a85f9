package board

import (
	"slices"
	"strings"
	"testing"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/internal/uitest"
	"triage/ui/views/queue"
)

// The story every case changes, and the one a bulk change takes along.
const (
	staleID = "1010022001000002001" // #2001, High
	otherID = "1010022001000002002" // #2002, High
)

// setTitleByOther changes an item's title as someone else would.
func (s *fakeService) setTitleByOther(kind api.Kind, id, title string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	it, err := s.find(kind, id)
	if err != nil {
		panic(err)
	}
	it.Title, it.Modified = title, "2026-01-06 18:00:00"
}

// item is an item as the service holds it now.
func (s *fakeService) item(kind api.Kind, id string) api.Item {
	s.mu.Lock()
	defer s.mu.Unlock()
	it, err := s.find(kind, id)
	if err != nil {
		panic(err)
	}
	return *it
}

// TestStaleBoardWriteAsksFirst: someone else changes #2001 after the board
// loaded it, then the user changes it, by every way a write leaves the
// board. Nothing is written: the conflict prompt shows the other value.
// Take theirs leaves the service as it is and the card shows the other
// value; keep mine writes, and the session's history says the change went
// from the other value, the one the write replaced.
func TestStaleBoardWriteAsksFirst(t *testing.T) {
	const theirs = "Nice To Have"
	loaded := func(h *harness) api.Item {
		d := h.m.sets[api.Story]
		i, ok := d.find(staleID)
		if !ok {
			t.Fatal("#2001 is not on the board")
		}
		return d.items[i]
	}
	priority := func(s *fakeService) { s.setByOther(api.Story, staleID, theirs) }
	tests := []struct {
		name   string
		before func(h *harness) // the user's earlier work, before the other change
		other  func(s *fakeService)
		write  func(h *harness)
		op     store.EditOp
		theirs string
		mine   string
	}{
		{"digit", nil, priority, func(h *harness) { h.keys("l", "2") }, store.OpPriority, theirs, "Middle"},
		{"next priority", nil, priority, func(h *harness) { h.keys("l", "]") }, store.OpPriority, theirs, "Middle"},
		{"picker", nil, priority, func(h *harness) { h.keys("l", "p", "down", "enter") }, store.OpPriority, theirs, "Middle"},
		{"bulk", nil, priority, func(h *harness) { h.keys("l", "space", "j", "space", "2", "y") }, store.OpPriority, theirs, "Middle"},
		{"queue", nil, priority, func(h *harness) { h.send(queue.AnswerMsg{Item: loaded(h), Value: "Middle"}) }, store.OpPriority, theirs, "Middle"},
		{"undo", func(h *harness) { h.keys("l", "2") }, priority, func(h *harness) { h.keys("u") }, store.OpPriority, theirs, "High"},
		{"editor, priority", nil, priority, func(h *harness) {
			it := loaded(h)
			h.send(common.SaveItemMsg{Kind: api.Story, ID: staleID, Title: it.Title, PriorityLabel: "Middle", Original: it})
		}, store.OpPriority, theirs, "Middle"},
		{"editor, title", nil, func(s *fakeService) { s.setTitleByOther(api.Story, staleID, "Their title") }, func(h *harness) {
			it := loaded(h)
			h.send(common.SaveItemMsg{Kind: api.Story, ID: staleID, Title: "My title", PriorityLabel: it.PriorityLabel, Original: it})
		}, store.OpTitle, "Their title", "My title"},
	}
	for _, tt := range tests {
		for _, mine := range []bool{true, false} {
			name := tt.name + ", take theirs"
			if mine {
				name = tt.name + ", keep mine"
			}
			t.Run(name, func(t *testing.T) {
				svc := newFakeService()
				h := newHarness(t, svc, true, 120, 30).load()
				if tt.before != nil {
					tt.before(h)
					h.flush()
				}
				tt.other(svc)
				before := svc.item(api.Story, staleID)
				wrote := len(svc.written())
				tt.write(h)
				h.flush()

				if h.m.prompt == nil || h.m.prompt.kind != promptConflict || h.m.prompt.edit.ItemID != staleID {
					t.Fatalf("no conflict prompt for #2001:\n%s", h.screen())
				}
				what := "priority"
				if tt.op == store.OpTitle {
					what = "title"
				}
				if screen := h.screen(); !strings.Contains(screen, "Changed meanwhile by someone else") || !strings.Contains(screen, "Its "+what+" is now") {
					t.Errorf("the prompt does not say what changed:\n%s", screen)
				}
				if got := writesOf(svc.written()[wrote:], staleID); len(got) != 0 {
					t.Fatalf("written before the user chose: %q", got)
				}
				if tt.name == "bulk" && !slices.Contains(svc.written(), "priority "+otherID+"=Middle") {
					t.Errorf("the other marked card was not written: %q", svc.written())
				}

				key := "t"
				if mine {
					key = "m"
				}
				h.keys(key).flush()
				if h.m.prompt != nil {
					t.Errorf("the prompt is still open:\n%s", h.screen())
				}
				got := writesOf(svc.written()[wrote:], staleID)
				now := svc.item(api.Story, staleID)
				if !mine {
					if len(got) != 0 || now.PriorityLabel != before.PriorityLabel || now.Title != before.Title {
						t.Errorf("take theirs wrote %q; the service has %+v", got, now)
					}
					if card := loaded(h); value(card, tt.op) != tt.theirs {
						t.Errorf("the card shows %q, want theirs %q", value(card, tt.op), tt.theirs)
					}
					return
				}
				if len(got) != 1 || value(now, tt.op) != tt.mine {
					t.Errorf("keep mine wrote %q; the service has %q, want %q", got, value(now, tt.op), tt.mine)
				}
				if card := loaded(h); value(card, tt.op) != tt.mine {
					t.Errorf("the card shows %q, want %q", value(card, tt.op), tt.mine)
				}
				hist, err := h.edits.History(uitest.Session)
				hist = slices.DeleteFunc(hist, func(e store.Edit) bool { return e.ItemID != staleID })
				if err != nil || len(hist) == 0 {
					t.Fatalf("History = %v, %v", hist, err)
				}
				last := hist[len(hist)-1]
				if last.State != store.StateSent || last.From != tt.theirs || last.To != tt.mine {
					t.Errorf("history says %s → %s (%s), want %s → %s sent", last.From, last.To, last.State, tt.theirs, tt.mine)
				}
			})
		}
	}
}

// TestBulkReadsItsItemsOnce: a bulk change reads its items in one request
// before it writes them.
func TestBulkReadsItsItemsOnce(t *testing.T) {
	svc := newFakeService()
	h := newHarness(t, svc, true, 120, 30).load().keys("l", "space", "j", "space", "2", "y")
	if got := slices.Clone(svc.reads); !slices.Equal(got, []string{"getmany " + staleID + "," + otherID}) &&
		!slices.Equal(got, []string{"getmany " + otherID + "," + staleID}) {
		t.Errorf("reads %q, want one read of both items", got)
	}
	if got := svc.written(); len(got) != 2 {
		t.Errorf("writes %q, want both", got)
	}
	if h.m.prompt != nil {
		t.Errorf("a prompt without a change by someone else:\n%s", h.screen())
	}
}

// writesOf are the writes of one item.
func writesOf(writes []string, id string) []string {
	var out []string
	for _, w := range writes {
		if strings.Contains(w, id) {
			out = append(out, w)
		}
	}
	return out
}

// value is the field an edit of op changes.
func value(it api.Item, op store.EditOp) string {
	if op == store.OpTitle {
		return it.Title
	}
	return it.PriorityLabel
}
