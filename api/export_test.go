package api

import (
	"context"
	"time"
)

// SetBudgetClock makes a budget read the time from now (tests' clocks).
func SetBudgetClock(b *Budget, now func() time.Time) { b.now = now }

// WithPause makes a client wait through pause instead of sleeping.
func WithPause(pause func(ctx context.Context, d time.Duration) error) ClientOption {
	return func(c *Client) { c.pause = pause }
}
