package api

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// maxRetryAfter bounds a Retry-After read from an answer before the client's
// own cap applies, so that arithmetic on it cannot overflow.
const maxRetryAfter = 24 * time.Hour

// retryable reports whether a failed read is worth another attempt: the
// service asked to slow down (429), failed transiently (500, 502, 503, 504),
// or the network failed or timed out.
func retryable(e *Error) bool {
	switch e.HTTPStatus {
	case http.StatusTooManyRequests, http.StatusInternalServerError, http.StatusBadGateway,
		http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return e.Kind == ErrNetwork
}

// wait is the pause before retry number attempt+1 when the service named no
// wait: exponential backoff with full jitter (a random wait up to
// base·2^attempt), never more than the client's maximum.
func (c *Client) wait(attempt int) time.Duration {
	var ceiling time.Duration
	if c.backoffBase > 0 {
		ceiling = c.backoffMax
		if b := c.backoffBase << min(attempt, 62); b>>min(attempt, 62) == c.backoffBase && b < ceiling {
			ceiling = b
		}
	}
	var d time.Duration
	if ceiling > 0 {
		d = rand.N(ceiling + 1)
	}
	return d
}

// sleep waits for d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// parseRetryAfter reads a Retry-After header: a number of seconds or an HTTP
// date. Anything else, or a date in the past, is 0.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs <= 0 {
			return 0
		}
		return min(time.Duration(min(secs, int64(maxRetryAfter/time.Second)))*time.Second, maxRetryAfter)
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return min(t.Sub(now), maxRetryAfter)
	}
	return 0
}

// Temporary reports whether err is a failure the client treats as passing:
// what a read is retried on (429, 500, 502, 503, 504, a gateway's page with
// such a status, a refused or broken connection, a time-out). Another try
// later may succeed; a refusal or a conflict will not.
func Temporary(err error) bool {
	var e *Error
	return errors.As(err, &e) && retryable(e)
}
