package engine

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"triage/api"
)

// failingWrites is a transport that passes reads to the service and
// answers writes as told: "" passes them, "refuse comments" answers a
// comment with TAPD's refusal, "down" fails every write as a refused
// connection does.
type failingWrites struct {
	mu   sync.Mutex
	mode string
}

func (f *failingWrites) set(mode string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.mode = mode
}

func (f *failingWrites) RoundTrip(r *http.Request) (*http.Response, error) {
	f.mu.Lock()
	mode := f.mode
	f.mu.Unlock()
	switch {
	case r.Method == http.MethodGet || mode == "":
	case mode == "down":
		return nil, errors.New("connect: connection refused")
	case mode == "refuse comments" && strings.HasSuffix(r.URL.Path, "/comments"):
		body := `{"status":0,"data":null,"info":"comment refused by the test"}`
		return &http.Response{StatusCode: http.StatusBadRequest, Header: http.Header{"Content-Type": {"application/json"}},
			Body: io.NopCloser(strings.NewReader(body)), Request: r}, nil
	}
	return http.DefaultTransport.RoundTrip(r)
}

// TestBulkWithAWhyEndsItsTask: a confirmed bulk move with a why is one
// task, busy ("saving 2 stories") and on its way until its moves and their
// comments are all answered, and over then, whether the service took them,
// refused the comments or could not be reached; the status line says it
// once, counting the moves and the comments not added.
func TestBulkWithAWhyEndsItsTask(t *testing.T) {
	writes := &failingWrites{}
	r, client := sandboxRig(t, api.WithHTTPClient(&http.Client{Transport: writes}))
	g, ctx := r.g, r.g.ctx
	var stories []api.Item
	err := client.ListPages(context.Background(), api.ListRequest{WorkspaceID: 10022001, Kind: api.Story}, func(p api.Page) {
		for _, it := range p.Items {
			if it.PriorityLabel == "High" && len(stories) < 6 {
				it.Kind = api.Story
				stories = append(stories, it)
			}
		}
	})
	if err != nil || len(stories) < 6 {
		t.Fatalf("%d High stories: %v", len(stories), err)
	}

	cases := []struct{ mode, said string }{
		{"", "2 moved\n"},
		{"refuse comments", "2 moved, 2 comments not added: comment on story"},
		{"down", "0 moved, 2 waiting, 2 comments waiting: batch update 2 stories"},
	}
	for i, c := range cases {
		writes.set(c.mode)
		pair := stories[2*i : 2*i+2]
		_, cmd := g.ApplyBulk(api.Story, "<p>the customer asked</p>",
			Change{Item: pair[0], Field: Priority, To: "Low"}, Change{Item: pair[1], Field: Priority, To: "Low"})
		if busy := ctx.Tasks.Busy(); len(busy) != 1 || busy[0] != "saving 2 stories" || !g.OnTheirWay() {
			t.Fatalf("%q: before the answers, busy %q, on their way %v; want saving 2 stories", c.mode, busy, g.OnTheirWay())
		}
		r.run(cmd)
		if busy := ctx.Tasks.Busy(); len(busy) != 0 || g.OnTheirWay() {
			t.Errorf("%q: once answered, busy %q, on their way %v; want nothing", c.mode, busy, g.OnTheirWay())
		}
		said := r.said()
		t.Logf("%q: %s", c.mode, said)
		if !strings.HasPrefix(said, c.said) {
			t.Errorf("%q: said %q, want %q", c.mode, said, c.said)
		}
	}
}
