package sandbox

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"triage/api"
)

// DefaultRateWindow is the period the rate limit counts over, as the real
// service publishes it.
const DefaultRateWindow = 10 * time.Minute

// rateLimiter counts requests per credential in fixed windows that start at
// a credential's first request. A limit of 0 is off.
type rateLimiter struct {
	limit  int
	window time.Duration

	mu      sync.Mutex
	windows map[string]*rateCount
}

type rateCount struct {
	start time.Time
	count int
}

// newRateLimiter allows limit requests per window (DefaultRateWindow when 0).
func newRateLimiter(limit int, window time.Duration) *rateLimiter {
	if window <= 0 {
		window = DefaultRateWindow
	}
	return &rateLimiter{limit: limit, window: window, windows: make(map[string]*rateCount)}
}

// per names the window as the service's message does: "10min", "30s".
func (l *rateLimiter) per() string {
	if l.window%time.Minute == 0 {
		return fmt.Sprintf("%dmin", l.window/time.Minute)
	}
	return fmt.Sprintf("%ds", (l.window+time.Second-1)/time.Second)
}

// allow counts one request of the credential key at now. When the limit is
// reached it reports false and how long until the window ends.
func (l *rateLimiter) allow(key string, now time.Time) (time.Duration, bool) {
	if l.limit <= 0 {
		return 0, true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	w, ok := l.windows[key]
	if !ok || !now.Before(w.start.Add(l.window)) || now.Before(w.start) {
		if len(l.windows) >= 4096 {
			l.prune(now)
		}
		w = &rateCount{start: now}
		l.windows[key] = w
	}
	if w.count >= l.limit {
		return w.start.Add(l.window).Sub(now), false
	}
	w.count++
	return 0, true
}

// prune forgets windows that have ended.
func (l *rateLimiter) prune(now time.Time) {
	for k, w := range l.windows {
		if !now.Before(w.start.Add(l.window)) {
			delete(l.windows, k)
		}
	}
}

// limitRate counts a request of c and, past the limit, answers 429 with
// Retry-After. It reports whether the request may go on.
func (s *Server) limitRate(ex *exchange, key, account string) bool {
	wait, ok := s.rate.allow(key, s.now())
	if ok {
		return true
	}
	secs := int64((wait + time.Second - 1) / time.Second)
	if secs < 1 {
		secs = 1
	}
	ex.w.Header().Set(api.HeaderRetryAfter, strconv.FormatInt(secs, 10))
	ex.fail(fault(http.StatusTooManyRequests, fmt.Sprintf("To many requests, api account %s max request rates is %dreq/%s", account, s.rate.limit, s.rate.per())))
	return false
}
