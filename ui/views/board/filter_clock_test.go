package board

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/ui/internal/uitest"
)

// TestFilterByTimeFollowsTheClock: a board left open past midnight reads
// created:today again, as the new day's, at the next message it takes; a
// minute is not enough for a filter of fixed dates to be read again.
func TestFilterByTimeFollowsTheClock(t *testing.T) {
	now := uitest.Clock // 2026-01-06 17:16: #1002 was created today, #1001 yesterday
	h := newHarness(t, timedBugs(), true, 200, 40)
	h.ctx.Now = func() time.Time { return now }
	h.load().keys("tab", "/")
	h.m.filter.SetValue("created:today")
	h.m.applyQuery("created:today")
	if got := shownIDs(h); !sameIDs(got, []string{"1002"}) {
		t.Fatalf("created:today shows %v, want [1002]", got)
	}
	now = now.Add(30 * time.Second)
	h.m.Update(tea.WindowSizeMsg{Width: 200, Height: 40})
	if got := shownIDs(h); !sameIDs(got, []string{"1002"}) {
		t.Errorf("30 s later created:today shows %v, want [1002]", got)
	}
	now = uitest.Clock.Add(24 * time.Hour)
	h.m.Update(tea.WindowSizeMsg{Width: 200, Height: 40})
	if got := shownIDs(h); len(got) != 0 {
		t.Errorf("the next day created:today shows %v, want none: the filter kept yesterday's today", got)
	}
	h.m.filter.SetValue("created:yesterday")
	h.m.applyQuery("created:yesterday")
	if got := shownIDs(h); !sameIDs(got, []string{"1002"}) {
		t.Errorf("the next day created:yesterday shows %v, want [1002]", got)
	}
}
