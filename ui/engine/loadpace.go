package engine

import (
	"time"

	"triage/api"
)

// loadPace estimates how long the rest of a list takes, for the status
// line ("loading stories 4,200/20,000 · about 1m20s left"): the requests
// the rest needs (a page of api.PageSize items each) as the rate budget
// lets them go, or at the pace of the pages so far, whichever is longer.
// The budget is asked again while no page comes (at most once a second), so
// that a wait the service asked for after the last pages counts.
type loadPace struct {
	start time.Time     // when the load started
	pages int           // pages delivered so far by this run
	est   time.Duration // how long the rest takes, estimated at at
	at    time.Time
	asked time.Time // when the budget was asked last
}

// paged takes in pages more pages with items still to list, at now.
func (p *loadPace) paged(now time.Time, pages, items int, budget *api.Budget) {
	p.pages += pages
	requests := requestsFor(items)
	est := time.Duration(0)
	if p.pages >= 2 && requests > 0 {
		est = now.Sub(p.start) / time.Duration(p.pages) * time.Duration(requests)
	}
	p.est, p.at = est, now
	p.ask(now, requests, budget)
}

// ask raises the estimate to the time the rate budget needs for requests
// more, at now.
func (p *loadPace) ask(now time.Time, requests int, budget *api.Budget) {
	p.asked = now
	if budget == nil || requests <= 0 {
		return
	}
	if d, ok := budget.TimeFor(requests); ok && d > p.est-now.Sub(p.at) {
		p.est, p.at = d, now
	}
}

// left is how long the rest of items takes from now; 0: not known, or none
// left.
func (p *loadPace) left(now time.Time, items int, budget *api.Budget) time.Duration {
	if now.Sub(p.asked) >= time.Second {
		p.ask(now, requestsFor(items), budget)
	}
	if p.est <= 0 {
		return 0
	}
	return max(p.est-now.Sub(p.at), time.Second)
}

// requestsFor is how many pages items take.
func requestsFor(items int) int { return (max(items, 0) + api.PageSize - 1) / api.PageSize }
