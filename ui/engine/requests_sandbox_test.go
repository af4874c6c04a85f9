package engine

import (
	"context"
	"net/http"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/ui/internal/uitest"
)

// countingTransport counts the requests by method.
type countingTransport struct {
	mu           sync.Mutex
	reads, write int
}

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.mu.Lock()
	if r.Method == http.MethodGet {
		c.reads++
	} else {
		c.write++
	}
	c.mu.Unlock()
	return http.DefaultTransport.RoundTrip(r)
}

func (c *countingTransport) take() (int, int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, w := c.reads, c.write
	c.reads, c.write = 0, 0
	return r, w
}

// TestRequestsPerAction counts what each action costs the service: a field
// edit is one read (the item, for the conflict check) and one write; a
// comment one write (a read first only when it may have been sent before);
// a move with a why is the move's read and write plus the comment's write;
// the workflow, the members and the iterations are read once a session.
func TestRequestsPerAction(t *testing.T) {
	g, r, client, ct := countedEngine(t)
	st := planningStory(t, client)
	ct.take()

	cases := []struct {
		name          string
		act           func() tea.Cmd
		reads, writes int
	}{
		{"the workflow, once", func() tea.Cmd { _, _, cmd := g.Moves(api.Story); return cmd }, 1, 0},
		{"the members, once", func() tea.Cmd { _, _, cmd := g.Members(); return cmd }, 1, 0},
		{"the iterations, once", func() tea.Cmd { _, _, cmd := g.Iterations(); return cmd }, 1, 0},
		{"m: a status", func() tea.Cmd {
			_, cmd := g.Apply(api.Story, Change{Item: st, Field: Status, To: "developing"})
			return cmd
		}, 1, 1},
		{"a: owners", func() tea.Cmd {
			_, cmd := g.Apply(api.Story, Change{Item: r.current(client, ct, st.ID), Field: Owner, To: "demo;alice;"})
			return cmd
		}, 1, 1},
		{"i: an iteration", func() tea.Cmd {
			_, cmd := g.Apply(api.Story, Change{Item: r.current(client, ct, st.ID), Field: Iteration, To: ""})
			return cmd
		}, 1, 1},
		{"c: a comment", func() tea.Cmd { return g.Comment(api.Story, st, "<p>why</p>") }, 0, 1},
		{"m with a why", func() tea.Cmd {
			_, cmd := g.ApplyBulk(api.Story, "<p>back</p>", Change{Item: r.current(client, ct, st.ID), Field: Status, To: "planning"})
			return cmd
		}, 1, 2},
	}
	for _, c := range cases {
		r.run(c.act())
		reads, writes := ct.take()
		t.Logf("%-22s %d reads, %d writes", c.name, reads, writes)
		if reads != c.reads || writes != c.writes {
			t.Errorf("%s: %d reads, %d writes; want %d, %d", c.name, reads, writes, c.reads, c.writes)
		}
	}
	if _, known, cmd := g.Moves(api.Story); !known || cmd != nil {
		t.Error("the workflow is read again")
	}
}

// current is the item as the service has it now, read outside the count.
func (r *rig) current(c *api.Client, ct *countingTransport, id string) api.Item {
	it, err := c.Get(context.Background(), 10022001, api.Story, id)
	if err != nil {
		r.t.Fatal(err)
	}
	ct.take()
	it.Kind = api.Story
	return it
}

// countedEngine is an engine on a local service, opened on its first
// workspace as the demo user, whose client counts the requests it makes.
func countedEngine(t *testing.T) (*Engine, *rig, *api.Client, *countingTransport) {
	t.Helper()
	srv := sandboxtest.Start(t, sandbox.Options{})
	ct := &countingTransport{}
	client := sandboxtest.DemoClient(srv, api.WithHTTPClient(&http.Client{Transport: ct}))
	ctx := demoContext(srv, client)
	ctx.Edits = uitest.NewEdits(t, client, srv.URL)
	r := openedRig(t, ctx, 10022001)
	return r.g, r, client, ct
}
