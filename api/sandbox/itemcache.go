package sandbox

import "sync"

// encodedCache keeps items' full-field answers, {"Story":{...}}, so a page
// of them is copied instead of encoded again. One cache serves every item
// set of the world; writing an item forgets its answer. Readers share the
// server's read lock, so the cache has its own. Past maxEncodedBytes it
// starts over: memory stays bounded, and the pages read again soon are
// back after one read. A nil cache keeps nothing.
type encodedCache struct {
	mu    sync.Mutex
	items map[encodedKey][]byte
	bytes int
}

// encodedKey names an item: its set and position.
type encodedKey struct {
	set *itemSet
	pos int
}

// maxEncodedBytes bounds the answers kept: some 40,000 stories.
const maxEncodedBytes = 96 << 20

// get returns the answer kept for a position of a set.
func (c *encodedCache) get(set *itemSet, pos int) ([]byte, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.items[encodedKey{set, pos}]
	return b, ok
}

// keep remembers the answer of a position of a set.
func (c *encodedCache) keep(set *itemSet, pos int, b []byte) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.items == nil || c.bytes+len(b) > maxEncodedBytes {
		c.items, c.bytes = make(map[encodedKey][]byte), 0
	}
	k := encodedKey{set, pos}
	if old, ok := c.items[k]; ok {
		c.bytes -= len(old)
	}
	c.items[k] = b
	c.bytes += len(b)
}

// forget drops the answer of a position of a set (its item changed).
func (c *encodedCache) forget(set *itemSet, pos int) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	k := encodedKey{set, pos}
	if old, ok := c.items[k]; ok {
		delete(c.items, k)
		c.bytes -= len(old)
	}
}
