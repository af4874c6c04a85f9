package common

import (
	"context"
	"fmt"
	"time"

	"triage/api"
	"triage/ui/i18n"
)

// RateWaitMsg says that the work of a task waits for the rate limit, at the
// moment it starts to wait: the status line counts down to Wait.Until in
// place of the task's label (the edits of every task waiting as one), and the
// errors view (!) lists it.
type RateWaitMsg struct {
	Task  string   // the task's label, as Tasks.Busy lists it
	Edits int      // the user's edits the task sends; 0: it sends none
	Wait  api.Wait // how long, why, until when
}

// Text says the wait of a task that sends no edits at now: "loading tasks
// waits for the rate limit · 26s".
func (m RateWaitMsg) Text(now time.Time) string {
	return i18n.Tf("%s waits for the rate limit · %s", m.Task, secondsLeft(m.Wait.Until, now))
}

// EditsWaitText says that n edits wait, the next until next:
// "4 edits wait for the rate limit · next in 12s".
func EditsWaitText(n int, next, now time.Time) string {
	if n == 1 {
		return i18n.Tf("1 edit waits for the rate limit · next in %s", secondsLeft(next, now))
	}
	return i18n.Tf("%s edits wait for the rate limit · next in %s", Count(n), secondsLeft(next, now))
}

// secondsLeft is the time from now to until in whole seconds: "12s".
func secondsLeft(until, now time.Time) string {
	return fmt.Sprintf("%ds", (max(until.Sub(now), 0)+time.Second-1)/time.Second)
}

// Waiting returns ctx whose requests tell the program (Notify) each time
// they start to wait for the rate limit, naming the task and the edits it
// sends (0: none). The requests of a task that sends edits are the user's
// own: they go before the background reads (api.UserFirst), so that an
// edit made during a big load is not queued behind its pages.
func (c *Context) Waiting(ctx context.Context, task string, edits int) context.Context {
	if edits > 0 {
		ctx = api.UserFirst(ctx)
	}
	notify := c.Notify
	if notify == nil {
		return ctx
	}
	return api.WithWaitNotice(ctx, func(w api.Wait) {
		notify(RateWaitMsg{Task: task, Edits: edits, Wait: w})
	})
}

// BudgetLeft is what the account's rate budget allows now; false when it is
// not known (no budget, or its file cannot be read).
func (c *Context) BudgetLeft() (api.BudgetLeft, bool) {
	if c.Budget == nil {
		return api.BudgetLeft{}, false
	}
	left, err := c.Budget.Left()
	return left, err == nil
}

// RateText writes a limit per window as the rate_limit setting does:
// "60/min", "6000/10min", "100/30s".
func RateText(limit int, window time.Duration) string {
	switch {
	case window == time.Minute:
		return fmt.Sprintf("%d/min", limit)
	case window == time.Hour:
		return fmt.Sprintf("%d/h", limit)
	case window%time.Minute == 0:
		return fmt.Sprintf("%d/%dmin", limit, window/time.Minute)
	}
	return fmt.Sprintf("%d/%s", limit, window)
}
