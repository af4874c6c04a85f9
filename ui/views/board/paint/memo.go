package paint

// Memo is a line and what it was drawn from (K), drawn again only when
// that changed: a key that moves the cursor redraws none of the lines
// around the cards.
type Memo[K comparable] struct {
	key  K
	line string
	ok   bool
}

// Get returns the line kept for key, or draws it.
func (l *Memo[K]) Get(key K, draw func() string) string {
	if !l.ok || l.key != key {
		l.key, l.line, l.ok = key, draw(), true
	}
	return l.line
}
