package board

import (
	"slices"
	"strings"
	"testing"

	"triage/api"
	"triage/ui/common"
	"triage/ui/views/board/boardkeys"
)

// lastNote is the text of the last status message out, error included.
func lastNote(h *harness) string {
	st := statuses(h.takeOut())
	if len(st) == 0 {
		return ""
	}
	last := st[len(st)-1]
	return last.Text + errText(last.Err)
}

// stored is an item as the fake service holds it.
func (s *fakeService) stored(kind api.Kind, id string) api.Item {
	s.mu.Lock()
	defer s.mu.Unlock()
	it, err := s.find(kind, id)
	if err != nil {
		return api.Item{}
	}
	return *it
}

// TestUndoAfterRename: u undoes the last step, a rename in the editor, not
// an older move of another card; the title is back on the service.
func TestUndoAfterRename(t *testing.T) {
	const renamed = "1110022001000001008"
	svc := newFakeService()
	h := newHarness(t, svc, true, 100, 30).load().keys("tab", "l", "]") // an older move of another card
	orig := svc.stored(api.Bug, renamed)
	h.send(common.SaveItemMsg{Kind: api.Bug, ID: renamed, Title: "A better title", PriorityLabel: orig.PriorityLabel, Original: orig})
	if got := svc.stored(api.Bug, renamed).Title; got != "A better title" {
		t.Fatalf("the rename did not reach the service: %q", got)
	}
	before := svc.written()
	h.takeOut()
	h.keys("u")
	if got := lastNote(h); !strings.Contains(got, `undid #1008: "A better title" → "Typo in the welcome e-mail"`) {
		t.Errorf("u says %q, want the rename undone", got)
	}
	if got := svc.stored(api.Bug, renamed).Title; got != orig.Title {
		t.Errorf("the service holds the title %q, want %q back", got, orig.Title)
	}
	if w := svc.written()[len(before):]; len(w) != 1 || !strings.HasPrefix(w[0], "update "+renamed) {
		t.Errorf("u wrote %q, want only the title of #1008", w)
	}
}

// fiveLow makes every story Low, so that a bulk edit moves all five.
func fiveLow(s *fakeService) *fakeService {
	for i := range s.items[api.Story] {
		s.items[api.Story][i].PriorityLabel, s.items[api.Story][i].Priority = "Low", ""
	}
	return s
}

// storyLabels are the priorities the service holds of every story.
func storyLabels(s *fakeService) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, it := range s.items[api.Story] {
		out = append(out, it.PriorityLabel)
	}
	return out
}

// TestUndoBulkInOneStep: one u undoes a confirmed bulk move of 5 cards on
// the service; ctrl+r makes it again.
func TestUndoBulkInOneStep(t *testing.T) {
	svc := fiveLow(newFakeService())
	h := newHarness(t, svc, true, 120, 30).load().keys("v", "V", "1", "y")
	high := []string{"High", "High", "High", "High", "High"}
	low := []string{"Low", "Low", "Low", "Low", "Low"}
	if got := storyLabels(svc); !slices.Equal(got, high) {
		t.Fatalf("after the bulk move the service holds %q", got)
	}
	h.takeOut()
	h.keys("u")
	if got := storyLabels(svc); !slices.Equal(got, low) {
		t.Errorf("after one u the service holds %q, want all five back to Low", got)
	}
	if got := h.columnOf(api.Story, "2003"); got != "Low" {
		t.Errorf("#2003 is in %q after u, want Low", got)
	}
	if got := lastNote(h); !strings.Contains(got, "undid 5 changes") {
		t.Errorf("u says %q", got)
	}
	h.keys("ctrl+r")
	if got := storyLabels(svc); !slices.Equal(got, high) {
		t.Errorf("after ctrl+r the service holds %q, want all five High again", got)
	}
	if got := lastNote(h); !strings.Contains(got, "redid 5 changes") {
		t.Errorf("ctrl+r says %q", got)
	}
	h.keys("u")
	if got := storyLabels(svc); !slices.Equal(got, low) {
		t.Errorf("u after ctrl+r leaves %q, want the redo undone", got)
	}
}

// TestUndoOfAChangedItemAsks: when someone else changed the item since the
// step, u writes nothing and the conflict prompt asks.
func TestUndoOfAChangedItemAsks(t *testing.T) {
	const id = "1110022001000001008"
	svc := newFakeService()
	h := newHarness(t, svc, true, 100, 30).load().keys("tab", "]")
	svc.setByOther(api.Bug, id, "low")
	before := len(svc.written())
	h.keys("u")
	if w := svc.written()[before:]; len(w) != 0 {
		t.Errorf("u wrote %q over someone else's change", w)
	}
	if screen := h.screen(); !strings.Contains(screen, "Changed meanwhile by someone else") || !h.m.Capturing() {
		t.Errorf("no conflict prompt:\n%s", screen)
	}
	if !slices.Contains(h.m.Badges(), "1 conflict") {
		t.Errorf("badges %q, want the conflict counted", h.m.Badges())
	}
}

// TestRedoWithNothingUndone: ctrl+r says there is nothing to redo.
func TestRedoWithNothingUndone(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 100, 30).load().keys("tab", "]")
	h.takeOut()
	h.keys("ctrl+r")
	if got := lastNote(h); !strings.Contains(got, "nothing to redo") {
		t.Errorf("ctrl+r says %q", got)
	}
}

// helpListed is every key of the board's help, "key description".
func helpListed() []string {
	var listed []string
	for _, group := range boardkeys.DefaultKeyMap().FullHelp() {
		for _, b := range group {
			listed = append(listed, b.Help().Key+" "+b.Help().Desc)
		}
	}
	return listed
}

// TestHelpListsRedo: ? lists ctrl+r and U with the other keys of the board.
func TestHelpListsRedo(t *testing.T) {
	listed := helpListed()
	for _, want := range []string{"u undo last change", "ctrl+r redo what u undid", "U this session's changes"} {
		if !slices.Contains(listed, want) {
			t.Errorf("help lacks %q: %q", want, listed)
		}
	}
}
