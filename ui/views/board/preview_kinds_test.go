package board

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/components/preview"
)

// TestPreviewTellsKindsApart: TAPD gives a story and a bug the same id when
// they have the same short id (one prefix per deployment), so the pane keeps
// what it read by kind and id: the bug under the cursor after a tab switch
// is read, never shown as the story read before.
func TestPreviewTellsKindsApart(t *testing.T) {
	svc := newFakeService()
	for n := range svc.items[api.Story] {
		svc.items[api.Story][n].ID = fmt.Sprintf("1110022001%09d", 1008+n) // the bugs' numbers
	}
	h := newHarness(t, svc, false, 120, 40).load()
	var timers []preview.TickMsg
	h.m.prev.After = func(_ time.Duration, msg tea.Msg) tea.Cmd {
		if tick, ok := msg.(preview.TickMsg); ok {
			timers = append(timers, tick)
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
	selected := func() api.Item {
		i, ok := h.m.selected()
		if !ok {
			t.Fatal("nothing selected")
		}
		return h.m.cur().items[i]
	}
	h.keys("l", "P") // the first story of the High column
	fire()
	story := selected()
	h.keys("tab")
	bug := selected()
	if story.ID != bug.ID || story.Kind == bug.Kind {
		t.Fatalf("the test needs a story and a bug with one id; got story %s, bug %s", story.ID, bug.ID)
	}
	if screen := h.screen(); strings.Contains(screen, story.Title) || !strings.Contains(screen, "reading the description") {
		t.Fatalf("after the tab switch the pane shows the story read before:\n%s", screen)
	}
	fire()
	svc.mu.Lock()
	reads := append([]string(nil), svc.reads...)
	svc.mu.Unlock()
	if n := strings.Count(strings.Join(reads, "\n"), "get "+bug.ID); n != 2 {
		t.Errorf("reads %v: want the id read twice, as a story and as a bug", reads)
	}
	if screen := h.screen(); strings.Contains(screen, "reading the description") {
		t.Errorf("the bug was not read for the pane:\n%s", screen)
	}
}
