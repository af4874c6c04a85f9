package api

import (
	"context"
	"sync"
	"time"
)

// DefaultRateWindow is the window of a budget that names none.
const DefaultRateWindow = time.Minute

// firstFollows is how long the last slot of a window is kept for the
// user's next request after one of theirs went: an edit's write follows its
// read within it, and found the slot taken by a page of a load.
const firstFollows = 2 * time.Second

// Budget is the rate budget of one account: every request of the account
// takes a slot from it first, so that no more than its limit go out in any
// window, and a wait the service asks for (a 429's Retry-After, an
// X-RateLimit-Reset with nothing remaining) holds every request at once.
// Clients of one account share a Budget; with a state file, every process of
// the account on the machine shares it too. The user's writes take a slot
// before the reads waiting in the same process. Safe for concurrent use.
type Budget struct {
	window time.Duration
	file   *budgetFile // nil: the budget of this process only
	now    func() time.Time

	mu      sync.Mutex
	limit   int
	state   budgetState // the budget when there is no file
	writers int         // the user's requests of this process waiting for a slot (take's first)
	// keptUntil keeps the last slot of the window for the user's next
	// request until then (firstFollows after one of theirs went).
	keptUntil time.Time
	changed   chan struct{}
}

// BudgetOption configures a Budget.
type BudgetOption func(*Budget) error

// WithBudgetFile shares the budget with every process that names the same
// file (a file of the store's state directory, one per account); the file is
// created when missing and locked while it is read and written.
func WithBudgetFile(path string) BudgetOption {
	return func(b *Budget) error {
		f, err := openBudgetFile(path)
		if err != nil {
			return err
		}
		b.file = f
		return nil
	}
}

// NewBudget returns a budget of limit requests in any window (limit 0: no
// limit of its own, only the waits the service asks for; window 0:
// DefaultRateWindow).
func NewBudget(limit int, window time.Duration, opts ...BudgetOption) (*Budget, error) {
	if limit < 0 || window < 0 {
		return nil, Errorf("rate limit %d per %s: neither may be negative", limit, window)
	}
	if window == 0 {
		window = DefaultRateWindow
	}
	b := &Budget{limit: limit, window: window, now: time.Now, changed: make(chan struct{})}
	for _, o := range opts {
		if err := o(b); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// Close releases the state file, if any.
func (b *Budget) Close() error {
	if b.file == nil {
		return nil
	}
	return b.file.close()
}

// BudgetLeft is what the budget allows now, for `triage status`.
type BudgetLeft struct {
	Limit  int           // requests per Window; 0: no limit of its own
	Window time.Duration // the period Limit counts over
	Used   int           // requests sent in the last Window
	Wait   time.Duration // until the next request may go; 0: now
	Reason WaitReason    // why it waits, when Wait > 0
}

// Left reports the budget left now.
func (b *Budget) Left() (BudgetLeft, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	left := BudgetLeft{Limit: b.limit, Window: b.window}
	err := b.update(func(s *budgetState) {
		now := b.now()
		s.prune(now, b.span())
		left.Used = len(s.sent)
		left.Wait, left.Reason = s.waitAt(now, b.limit, b.span())
	})
	return left, err
}

// Hold makes every request of the budget wait until until, for reason.
func (b *Budget) Hold(until time.Time, reason WaitReason) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.update(func(s *budgetState) { s.hold(until, reason) })
}

// learnLimit adopts a limit the service announces when it is stricter than
// the budget's (a budget without a limit keeps none: the announced limit's
// window is unknown).
func (b *Budget) learnLimit(n int) {
	b.mu.Lock()
	if n < b.limit {
		b.limit = n
	}
	b.mu.Unlock()
}

// span is the window a request's slot is kept: a twentieth longer than the
// window, so that the service, which sees each request a little later than it
// left, never counts more than the limit in one of its windows.
func (b *Budget) span() time.Duration { return b.window + b.window/20 }

// update runs fn on the state, the file's (locked, read and written back)
// or this process's. The caller holds b.mu.
func (b *Budget) update(fn func(*budgetState)) error {
	if b.file == nil {
		fn(&b.state)
		return nil
	}
	return b.file.update(fn)
}

// take waits until the budget has a slot for a request and takes it. A
// background read also waits while the user's own requests of this process
// (first: writes, and UserFirst) wait. Each time it starts to wait it tells
// notice how long and why. pause waits for a duration or until ctx ends.
func (b *Budget) take(ctx context.Context, op string, first bool, pause func(context.Context, time.Duration) error, notice func(Wait)) error {
	queued := false
	defer func() {
		if queued {
			b.mu.Lock()
			b.writers--
			b.signal()
			b.mu.Unlock()
		}
	}()
	var told time.Time
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		b.mu.Lock()
		behind := !first && b.writers > 0
		kept := false
		var wait time.Duration
		var reason WaitReason
		now := b.now()
		err := b.update(func(s *budgetState) {
			s.prune(now, b.span())
			wait, reason = s.waitAt(now, b.limit, b.span())
			if wait == 0 && !first && b.limit > 0 && len(s.sent) >= b.limit-1 && now.Before(b.keptUntil) {
				wait, kept = b.keptUntil.Sub(now), true // the last slot is kept for the user's next request
			}
			if wait == 0 && !behind && b.limit > 0 {
				s.sent = append(s.sent, now)
			}
		})
		if err != nil {
			b.mu.Unlock()
			return err
		}
		if wait == 0 && !behind {
			if first {
				b.keptUntil = now.Add(firstFollows)
			}
			b.mu.Unlock()
			return nil
		}
		if first && !queued {
			queued = true
			b.writers++
		}
		changed := b.changed
		b.mu.Unlock()
		if until := now.Add(wait); wait > 0 && !kept && !until.Equal(told) && notice != nil {
			told = until
			notice(Wait{Op: op, Reason: reason, For: wait, Until: until, Write: first})
		}
		if wait > 0 {
			if err := pause(ctx, wait); err != nil {
				return err
			}
			continue
		}
		select {
		case <-changed:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// signal wakes the reads waiting behind writes. The caller holds b.mu.
func (b *Budget) signal() {
	close(b.changed)
	b.changed = make(chan struct{})
}

// budgetState is what a budget remembers: when each request of the last
// window left (oldest first), and until when the service asked to wait.
type budgetState struct {
	holdUntil  time.Time
	holdReason WaitReason
	sent       []time.Time
}

// prune forgets the requests that left more than span ago.
func (s *budgetState) prune(now time.Time, span time.Duration) {
	i := 0
	for i < len(s.sent) && !s.sent[i].After(now.Add(-span)) {
		i++
	}
	s.sent = append(s.sent[:0], s.sent[i:]...)
}

// waitAt is how long a request must wait at now, and why.
func (s *budgetState) waitAt(now time.Time, limit int, span time.Duration) (time.Duration, WaitReason) {
	if now.Before(s.holdUntil) {
		return s.holdUntil.Sub(now), s.holdReason
	}
	if limit > 0 && len(s.sent) >= limit {
		return s.sent[len(s.sent)-limit].Add(span).Sub(now), WaitBudget
	}
	return 0, 0
}

// hold extends the wait to until.
func (s *budgetState) hold(until time.Time, reason WaitReason) {
	if until.After(s.holdUntil) {
		s.holdUntil, s.holdReason = until, reason
	}
}
