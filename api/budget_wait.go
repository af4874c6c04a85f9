package api

import (
	"context"
	"fmt"
	"time"
)

// WaitReason is why a request waits before it is sent.
type WaitReason int

const (
	// WaitBudget: the account's budget of requests is spent for now.
	WaitBudget WaitReason = iota + 1
	// WaitService: the service asked to wait (429 Retry-After, or
	// X-RateLimit-Remaining 0 until X-RateLimit-Reset).
	WaitService
)

// Wait tells a caller that a request waits for the rate limit, at the moment
// it starts to wait, so that a status line or stderr can count down to Until.
type Wait struct {
	Op     string        // the operation that waits, e.g. "list stories"
	Reason WaitReason    // why
	For    time.Duration // how long, from the moment it was told
	Until  time.Time     // when the request may go
	Write  bool          // the request is the user's own: a write, or under UserFirst
}

// String says the wait as a person reads it:
// "the service asks to wait 45s (rate limit)".
func (w Wait) String() string {
	secs := (w.For + time.Second - 1) / time.Second * time.Second
	if w.Reason == WaitService {
		return fmt.Sprintf("the service asks to wait %s (rate limit)", secs)
	}
	return fmt.Sprintf("the rate limit's budget is spent, next request in %s", secs)
}

type waitNoticeKey struct{}

// WithWaitNotice returns a context whose requests tell notice each time they
// start to wait for the rate limit (on top of the client's own WithWaitNotices).
func WithWaitNotice(ctx context.Context, notice func(Wait)) context.Context {
	return context.WithValue(ctx, waitNoticeKey{}, notice)
}

// WithWaitNotices makes every request of the client tell notice each time it
// starts to wait for the rate limit. notice must not block.
func WithWaitNotices(notice func(Wait)) ClientOption {
	return func(c *Client) { c.notice = notice }
}

// WithBudget makes the client take every request from b, the budget of its
// account shared with the account's other clients (default: a budget of its
// own with no limit, which still holds every request through a Retry-After).
func WithBudget(b *Budget) ClientOption {
	return func(c *Client) {
		if b != nil {
			c.budget = b
		}
	}
}

// Budget is the client's rate budget.
func (c *Client) Budget() *Budget { return c.budget }

// notices is who to tell of a wait of a request under ctx: the context's
// notice and the client's.
func (c *Client) notices(ctx context.Context) func(Wait) {
	own, _ := ctx.Value(waitNoticeKey{}).(func(Wait))
	if own == nil && c.notice == nil {
		return nil
	}
	return func(w Wait) {
		if own != nil {
			own(w)
		}
		if c.notice != nil {
			c.notice(w)
		}
	}
}
