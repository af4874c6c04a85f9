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
	items map[encodedKey]*encodedItem
	bytes int
	// deflaters are flate writers reused to deflate answers (gzip_page.go).
	deflaters sync.Pool
}

// encodedItem is an item's full-field answer and, once a gzip answer
// needed it, the same deflated (gzip_page.go).
type encodedItem struct {
	plain, deflated []byte
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
	e, ok := c.items[encodedKey{set, pos}]
	if !ok {
		return nil, false
	}
	return e.plain, true
}

// keep remembers the answer of a position of a set.
func (c *encodedCache) keep(set *itemSet, pos int, b []byte) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.put(encodedKey{set, pos}, &encodedItem{plain: b})
}

// put stores an entry, starting over past maxEncodedBytes. The caller holds
// c.mu.
func (c *encodedCache) put(k encodedKey, e *encodedItem) {
	size := len(e.plain) + len(e.deflated)
	if c.items == nil || c.bytes+size > maxEncodedBytes {
		c.items, c.bytes = make(map[encodedKey]*encodedItem), 0
	}
	if old, ok := c.items[k]; ok {
		c.bytes -= len(old.plain) + len(old.deflated)
	}
	c.items[k] = e
	c.bytes += size
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
		c.bytes -= len(old.plain) + len(old.deflated)
	}
}
