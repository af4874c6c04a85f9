package sandbox

import (
	"maps"
	"slices"
	"time"
)

// fifo holds the keys of a map in the order they were added, so the oldest
// entries are found without scanning the map. A key whose entry left the map
// by other means (a spent session, a revoked token) stays until it reaches
// the front, where the owner skips it.
type fifo struct {
	keys []string
	head int
}

func (q *fifo) push(k string) { q.keys = append(q.keys, k) }

// front is the oldest key still queued.
func (q *fifo) front() (string, bool) {
	if q.head >= len(q.keys) {
		return "", false
	}
	return q.keys[q.head], true
}

// pop drops the oldest key; the slice is compacted once half of it is spent.
func (q *fifo) pop() {
	q.keys[q.head] = ""
	q.head++
	if q.head >= 1024 && q.head*2 >= len(q.keys) {
		q.keys = append(q.keys[:0:0], q.keys[q.head:]...)
		q.head = 0
	}
}

// queueLoaded queues the codes, tokens and sessions read from the database
// in the order they were made. The caller holds s.mu for writing, or has not
// shared s yet.
func (s *Server) queueLoaded() {
	for _, k := range sortedKeys(s.codes, func(c *AuthCode) time.Time { return c.IssuedAt }) {
		s.codeOrder.push(k)
	}
	for _, k := range sortedKeys(s.tokens, func(t *AccessToken) time.Time { return t.ExpiresAt }) {
		s.tokenOrder.push(k)
	}
	loaded := s.sessions
	s.sessions = make(map[string]*BrowserSession, len(loaded))
	for _, k := range sortedKeys(loaded, func(b *BrowserSession) time.Time { return b.CreatedAt }) {
		s.addSession(loaded[k])
	}
}

// sortedKeys are the keys of m ordered by the time of their values.
func sortedKeys[T any](m map[string]*T, at func(*T) time.Time) []string {
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b string) int { return at(m[a]).Compare(at(m[b])) })
	return keys
}
