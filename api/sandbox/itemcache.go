package sandbox

import "sync"

// encodedCache keeps items' full-field answers, {"Story":{...}}, by
// position, so a page of them is copied instead of encoded again. Writing an
// item forgets its answer. Readers share the server's read lock, so the
// cache has its own. Past maxEncodedBytes it starts over: memory stays
// bounded, and the pages read again soon are back after one read.
type encodedCache struct {
	mu    sync.Mutex
	items map[int][]byte
	bytes int
}

// maxEncodedBytes bounds the answers kept per item set.
const maxEncodedBytes = 16 << 20

// get returns the answer kept for a position.
func (c *encodedCache) get(pos int) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.items[pos]
	return b, ok
}

// keep remembers the answer of a position.
func (c *encodedCache) keep(pos int, b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.items == nil || c.bytes+len(b) > maxEncodedBytes {
		c.items, c.bytes = make(map[int][]byte), 0
	}
	if old, ok := c.items[pos]; ok {
		c.bytes -= len(old)
	}
	c.items[pos] = b
	c.bytes += len(b)
}

// forget drops the answer of a position (its item changed).
func (c *encodedCache) forget(pos int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old, ok := c.items[pos]; ok {
		delete(c.items, pos)
		c.bytes -= len(old)
	}
}
