package engine

import (
	"time"

	"triage/api"
)

// loadPace estimates how long the rest of a list takes, for the status
// line ("loading stories 4,200/20,000 · about 1m20s left"): the requests
// the rest needs (a page of api.PageSize items each) as the rate budget
// lets them go, or at the pace of the pages so far, whichever is longer.
type loadPace struct {
	start time.Time     // when the load started
	pages int           // pages delivered so far by this run
	est   time.Duration // how long the rest takes, estimated at at
	at    time.Time
}

// paged takes in pages more pages with items still to list, at now.
func (p *loadPace) paged(now time.Time, pages, items int, budget *api.Budget) {
	p.pages += pages
	requests := (max(items, 0) + api.PageSize - 1) / api.PageSize
	est := time.Duration(0)
	if p.pages >= 2 && requests > 0 {
		est = now.Sub(p.start) / time.Duration(p.pages) * time.Duration(requests)
	}
	if budget != nil && requests > 0 {
		if d, ok := budget.TimeFor(requests); ok {
			est = max(est, d)
		}
	}
	p.est, p.at = est, now
}

// left is how long the rest takes from now; 0: not known, or none left.
func (p *loadPace) left(now time.Time) time.Duration {
	if p.est <= 0 {
		return 0
	}
	return max(p.est-now.Sub(p.at), time.Second)
}
