package store

import (
	"math/rand/v2"
	"time"
)

// The waits between attempts of a queued edit, unless a Backoff says otherwise.
const (
	DefaultBackoffBase = 2 * time.Second
	DefaultBackoffMax  = 5 * time.Minute
)

// Backoff is the wait before the next attempt of an edit: it doubles with
// each attempt from Base up to Max, and half of it is random, so that queued
// edits spread out and a service that is back is not hit by all at once.
type Backoff struct {
	Base, Max time.Duration  // zero: DefaultBackoffBase, DefaultBackoffMax
	Rand      func() float64 // in [0, 1); nil: math/rand/v2
}

// Delay is the wait after the attempt-th failed attempt (1 for the first):
// between half of Base·2^(attempt-1), capped at Max, and all of it.
func (b Backoff) Delay(attempt int) time.Duration {
	base, ceiling := b.Base, b.Max
	if base <= 0 {
		base = DefaultBackoffBase
	}
	if ceiling <= 0 {
		ceiling = DefaultBackoffMax
	}
	d := min(base, ceiling)
	for i := 1; i < attempt && d < ceiling; i++ {
		d = min(2*d, ceiling)
	}
	random := rand.Float64
	if b.Rand != nil {
		random = b.Rand
	}
	half := d / 2
	return d - half + time.Duration(random()*float64(half))
}
