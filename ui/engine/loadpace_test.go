package engine

import (
	"testing"
	"time"

	"triage/api"
)

// TestLoadLeftCountsAWaitAfterThePages: a load whose 50 pages came in 10 s
// has about 10 s left for its 49 other pages at that pace; when the service
// then asks to wait 45 s (a budget with no limit of its own, as against a
// service whose limit is not configured), the time left says the wait, not
// the pace of the pages before it.
func TestLoadLeftCountsAWaitAfterThePages(t *testing.T) {
	budget, err := api.NewBudget(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	p := loadPace{start: now.Add(-10 * time.Second)}
	left := 49 * api.PageSize
	p.paged(now, 50, left, budget)
	if got := p.left(now, left, budget); got < 9*time.Second || got > 10*time.Second {
		t.Errorf("after 50 pages in 10s, %v left; want about 10s for 49 pages more", got)
	}
	if err := budget.Hold(now.Add(45*time.Second), api.WaitService); err != nil {
		t.Fatal(err)
	}
	later := now.Add(2 * time.Second)
	if got := p.left(later, left, budget); got < 40*time.Second {
		t.Errorf("waiting 45s for the service, %v left; want the wait", got)
	}
}
