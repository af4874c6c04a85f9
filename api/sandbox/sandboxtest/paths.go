package sandboxtest

import (
	"net/http"
	"sync"
)

// PathCounter is a client's transport that counts its requests by method
// and path ("GET /stories/count") on their way to the service. The zero
// value is ready.
type PathCounter struct {
	mu sync.Mutex
	n  map[string]int
}

// RoundTrip counts r and passes it on.
func (c *PathCounter) RoundTrip(r *http.Request) (*http.Response, error) {
	c.mu.Lock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[r.Method+" "+r.URL.Path]++
	c.mu.Unlock()
	return http.DefaultTransport.RoundTrip(r)
}

// Take is the requests counted since the last Take, by method and path,
// and their total.
func (c *PathCounter) Take() (map[string]int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out, total := c.n, 0
	if out == nil {
		out = map[string]int{}
	}
	for _, n := range out {
		total += n
	}
	c.n = map[string]int{}
	return out, total
}
