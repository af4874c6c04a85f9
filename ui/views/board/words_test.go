package board

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"triage/api"
)

// TestColumnSaysWhereItIs: a column scrolled past its first cards shows
// which cards it shows of how many, numbers written as everywhere.
func TestColumnSaysWhereItIs(t *testing.T) {
	svc := newFakeService()
	for n := range 1200 {
		svc.items[api.Story] = append(svc.items[api.Story], api.Item{
			Kind: api.Story, ID: fmt.Sprintf("1010022001%09d", 3001+n), WorkspaceID: "10022001",
			Title: fmt.Sprintf("Story %d", n), PriorityLabel: "High", Status: "planning", Modified: "2026-01-01 09:00:00"})
	}
	h := newHarness(t, svc, true, 120, 30).load().keys("l")
	if strings.Contains(h.screen(), " of 1,202") {
		t.Errorf("a column at its top says where it is:\n%s", firstLines(h.screen(), 4))
	}
	h.keys("G")
	header := regexp.MustCompile(`High 1,1\d\d–1,202 of 1,202`)
	if !header.MatchString(h.screen()) {
		t.Errorf("the column scrolled to its end does not say where it is:\n%s", firstLines(h.screen(), 4))
	}
	t.Logf("%s", firstLines(h.screen(), 3))
}

// TestBulkPickerOffersNone: with cards marked, p offers none as it does for
// one card, and confirmed, clears their priorities.
func TestBulkPickerOffersNone(t *testing.T) {
	h := newHarness(t, newFakeService(), true, 120, 30).load().keys("l", "V", "p")
	if !strings.Contains(h.screen(), "none") || !strings.Contains(h.screen(), "clear the priority") {
		t.Fatalf("the bulk picker does not offer none:\n%s", h.screen())
	}
	h.keys("end", "enter")
	if !strings.Contains(h.screen(), "2 items: High → none") {
		t.Fatalf("choosing none does not preview clearing the marked cards:\n%s", h.screen())
	}
	h.keys("y")
	if got := h.columnOf(api.Story, "2001"); got != "No priority" {
		t.Errorf("after the confirmation #2001 is in %q, want No priority", got)
	}
}

// TestCardTitleWrapsBetweenWords: at any width, a card's title breaks
// between words: "double-charges" is never cut across the card's two
// title lines, though the word after the break point starts early in them.
func TestCardTitleWrapsBetweenWords(t *testing.T) {
	for _, width := range []int{80, 90, 100, 110, 120, 140, 160} {
		svc := newFakeService()
		svc.items[api.Story] = append(svc.items[api.Story], api.Item{
			Kind: api.Story, ID: "1010022001000003001", WorkspaceID: "10022001",
			Title: "Notifications: double-charges everyone", PriorityLabel: "High", Status: "planning", Modified: "2026-01-01 09:00:00"})
		h := newHarness(t, svc, true, width, 30).load()
		screen := h.screen()
		if !strings.Contains(screen, "Notifications:") {
			t.Fatalf("no card of the story at %d columns:\n%s", width, screen)
		}
		if !strings.Contains(screen, "double-charges") {
			t.Errorf("the card's title is cut inside a word at %d columns:\n%s", width, screen)
		}
	}
}
