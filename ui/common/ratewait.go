package common

import (
	"context"
	"fmt"
	"time"

	"triage/api"
)

// RateWaitMsg says that the work of a task waits for the rate limit, at the
// moment it starts to wait: the status line counts down to Wait.Until in
// place of the task's label, and the errors view (!) lists it.
type RateWaitMsg struct {
	Task string   // the task's label, as Tasks.Busy lists it
	What string   // what waits, as the status line names it: "loading tasks", "4 edits"
	Many bool     // What is plural: "4 edits wait", the next in so long
	Wait api.Wait // how long, why, until when
}

// Text says the wait at now: "loading tasks waits for the rate limit · 26s",
// "4 edits wait for the rate limit · next in 12s".
func (m RateWaitMsg) Text(now time.Time) string {
	verb, next := "waits", ""
	if m.Many {
		verb, next = "wait", "next in "
	}
	secs := (max(m.Wait.Until.Sub(now), 0) + time.Second - 1) / time.Second
	return fmt.Sprintf("%s %s for the rate limit · %s%ds", m.What, verb, next, secs)
}

// Waiting returns ctx whose requests tell the program (Notify) each time
// they start to wait for the rate limit, naming the task and what waits.
// Without Notify it is ctx.
func (c *Context) Waiting(ctx context.Context, task, what string, many bool) context.Context {
	notify := c.Notify
	if notify == nil {
		return ctx
	}
	return api.WithWaitNotice(ctx, func(w api.Wait) {
		notify(RateWaitMsg{Task: task, What: what, Many: many, Wait: w})
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
