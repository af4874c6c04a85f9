package api

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// stallFirst answers every request but the first, which stalls until the
// client gives up on it: before its headers (head) or in the middle of its
// body.
func stallFirst(t *testing.T, head bool, tries *atomic.Int32) http.HandlerFunc {
	t.Helper()
	return func(w http.ResponseWriter, r *http.Request) {
		if tries.Add(1) > 1 {
			writeOK(w, map[string]int{"count": 7})
			return
		}
		if !head {
			w.Header().Set("Content-Type", ContentTypeJSONCharset)
			_, _ = w.Write([]byte(`{"status":1,"data":{"count":`))
			w.(http.Flusher).Flush()
		}
		<-r.Context().Done()
	}
}

func TestAStalledReadIsAbandonedAndRetried(t *testing.T) {
	for _, tc := range []struct {
		name string
		head bool
	}{{"before the headers", true}, {"in the body", false}} {
		t.Run(tc.name, func(t *testing.T) {
			var tries atomic.Int32
			// The try's own timeout is a minute: only the stall can end it.
			c, _ := newTestClient(t, stallFirst(t, tc.head, &tries), WithTimeout(time.Minute), WithStallTimeout(20*time.Millisecond))
			n, err := c.Count(context.Background(), 1, Story, nil)
			if err != nil || n != 7 {
				t.Fatalf("Count = %d, %v; want 7 from the second try", n, err)
			}
			if got := tries.Load(); got != 2 {
				t.Errorf("the service saw %d tries, want 2", got)
			}
		})
	}
}

func TestAStallEveryTimeSaysSo(t *testing.T) {
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }),
		WithTimeout(time.Minute), WithStallTimeout(10*time.Millisecond), WithMaxRetries(1))
	_, err := c.Count(context.Background(), 1, Story, nil)
	if KindOf(err) != ErrNetwork || !strings.Contains(err.Error(), "did not answer in time") {
		t.Errorf("err = %v, want a network failure that says the service did not answer in time", err)
	}
}

func TestAWriteIsNotAbandonedWhenSlow(t *testing.T) {
	var tries atomic.Int32
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tries.Add(1)
		time.Sleep(60 * time.Millisecond) // three stall timeouts
		raw, _ := WrapItem(Item{Kind: Story, ID: "1010000001000000042", Title: "x", WorkspaceID: "1"}, nil)
		writeOK(w, raw)
	}), WithTimeout(time.Minute), WithStallTimeout(20*time.Millisecond))
	if _, err := c.Create(context.Background(), NewItem{Kind: Story, WorkspaceID: 1, Title: "x"}); err != nil {
		t.Fatalf("Create: %v", err)
	}
	if got := tries.Load(); got != 1 {
		t.Errorf("the service saw %d writes, want 1", got)
	}
}

func TestTheClientKeepsItsConnections(t *testing.T) {
	c := NewClient("http://127.0.0.1:1", nil, WithMaxInFlight(6))
	tr, ok := c.httpClient.Transport.(*http.Transport)
	if !ok {
		t.Fatalf("transport is %T", c.httpClient.Transport)
	}
	if tr.MaxIdleConnsPerHost != 6 {
		t.Errorf("MaxIdleConnsPerHost = %d, want the in-flight limit 6", tr.MaxIdleConnsPerHost)
	}
}
