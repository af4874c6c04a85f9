package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"
)

// The rate limit headers some services send with every answer.
const (
	HeaderRateLimitLimit     = "X-RateLimit-Limit"
	HeaderRateLimitRemaining = "X-RateLimit-Remaining"
	HeaderRateLimitReset     = "X-RateLimit-Reset"
)

// epochSeconds: an X-RateLimit-Reset above it is a Unix time, below it a
// number of seconds to wait.
const epochSeconds = 1_000_000_000

// learn updates the budget from an answer: a Retry-After holds every request
// for its whole length; X-RateLimit-Remaining 0 holds them until
// X-RateLimit-Reset; an X-RateLimit-Limit below the budget's becomes its limit.
func (c *Client) learn(h http.Header, e *Error) {
	now := c.budget.now()
	if e != nil && e.RetryAfter > 0 {
		_ = c.budget.Hold(now.Add(e.RetryAfter), WaitService)
	}
	if n, err := strconv.Atoi(strings.TrimSpace(h.Get(HeaderRateLimitLimit))); err == nil && n > 0 {
		c.budget.learnLimit(n)
	}
	if strings.TrimSpace(h.Get(HeaderRateLimitRemaining)) == "0" {
		if d := parseRateReset(h.Get(HeaderRateLimitReset), now); d > 0 {
			_ = c.budget.Hold(now.Add(d), WaitService)
		}
	}
}

// parseRateReset reads X-RateLimit-Reset: seconds to wait, or the Unix time
// the window ends. Anything else, or a time past, is 0.
func parseRateReset(v string, now time.Time) time.Duration {
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil || n <= 0 {
		return 0
	}
	if n > epochSeconds {
		return min(max(time.Unix(n, 0).Sub(now), 0), maxRetryAfter)
	}
	return min(time.Duration(min(n, int64(maxRetryAfter/time.Second)))*time.Second, maxRetryAfter)
}
