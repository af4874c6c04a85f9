package webtest

import (
	"sync"
	"time"
)

// Clock is a clock that tests move by hand, to inject as sandbox.Options.Clock
// and expire codes and tokens without sleeping. It is safe for concurrent use.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock standing at 2026-01-06 09:16:04 UTC (17:16:04 in
// the service's time zone).
func NewClock() *Clock {
	return &Clock{now: time.Date(2026, 1, 6, 9, 16, 4, 0, time.UTC)}
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
