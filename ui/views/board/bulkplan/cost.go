package bulkplan

import (
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/i18n"
)

// How the outbox sends a bulk edit of one kind: it reads the items first,
// readPage a request, then writes them through the kind's batch interface,
// batchSize a request, when every change is of a field the batch carries,
// else one by one; each comment of a why is a request of its own.
const (
	readPage  = 200
	batchSize = 50
)

// Requests is how many requests a plan of one kind takes, with a comment on
// each item when why is set; the fields a batch carries are the outbox's
// (store.BatchCarries).
func Requests(kind api.Kind, plan []Change, why bool) int {
	n := len(plan)
	if n == 0 {
		return 0
	}
	writes := ceilDiv(n, batchSize)
	for _, p := range plan {
		if !store.BatchCarries(kind, p.Field.Spec().Op) {
			writes = n
			break
		}
	}
	total := ceilDiv(n, readPage) + writes
	if why {
		total += n
	}
	return total
}

// Costs are the lines of a bulk preview on what the plan of one kind takes
// at the budget left: as it is, and with a why (c), whose comments TAPD
// takes one a request: "2 requests", "with a why (c): 52 requests".
func Costs(kind api.Kind, plan []Change, left api.BudgetLeft) []string {
	return []string{Cost(Requests(kind, plan, false), left), i18n.Tf("with a why (c): %s", Cost(Requests(kind, plan, true), left))}
}

// Cost says what requests take at the budget left: "12 requests", or
// "12 requests · about 40 s at 60/min" when the budget would make them wait.
func Cost(requests int, left api.BudgetLeft) string {
	text := i18n.Tf("%d requests", requests)
	if requests == 1 {
		text = i18n.T("1 request")
	}
	wait := left.Wait
	if left.Limit > 0 {
		if over := requests - max(left.Limit-left.Used, 0); over > 0 {
			wait += time.Duration(over) * left.Window / time.Duration(left.Limit)
		}
	}
	if wait < time.Second {
		return text
	}
	text += i18n.Tf(" · about %s", aboutText(wait))
	if left.Limit > 0 {
		return text + i18n.Tf(" at %s", common.RateText(left.Limit, left.Window))
	}
	return text + i18n.T(" (the service asked to wait)")
}

// aboutText writes a wait roughly: "40 s", "3 min".
func aboutText(d time.Duration) string {
	if d < 90*time.Second {
		return i18n.Tf("%d s", int((d+time.Second-1)/time.Second))
	}
	return i18n.Tf("%d min", int((d+time.Minute/2)/time.Minute))
}

func ceilDiv(n, d int) int { return (n + d - 1) / d }
