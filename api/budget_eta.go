package api

import "time"

// TimeFor estimates how long n more requests take at the budget's limit,
// from now: those the window still allows go at once, each of the others
// when a slot of the window frees up (a window later for every limit
// requests), and none before a wait the service asked for ends. A budget
// with no limit of its own tells only that wait; ok is false when it has
// none to tell (then only the pace seen tells).
func (b *Budget) TimeFor(n int) (d time.Duration, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	ok = b.limit > 0
	err := b.update(func(s *budgetState) {
		now := b.now()
		span := b.span()
		s.prune(now, span)
		d = max(s.holdUntil.Sub(now), 0)
		if b.limit <= 0 {
			ok = d > 0
			return
		}
		waiting := n - (b.limit - len(s.sent))
		if waiting <= 0 {
			return
		}
		k := waiting - 1 // the last request's place among those that wait
		from := now
		if i := k % b.limit; i < len(s.sent) {
			from = s.sent[i]
		}
		d = max(d, from.Add(span*time.Duration(k/b.limit+1)).Sub(now))
	})
	return d, ok && err == nil
}
