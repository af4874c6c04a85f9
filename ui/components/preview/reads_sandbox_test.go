package preview

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
)

// countedRequests counts every request sent to the service, and apart
// those of the items' attachments.
type countedRequests struct{ n, files atomic.Int64 }

func (c *countedRequests) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	if strings.HasPrefix(r.URL.Path, "/attachments") {
		c.files.Add(1)
	}
	return http.DefaultTransport.RoundTrip(r)
}

func (c *countedRequests) take() int64 { c.files.Store(0); return c.n.Swap(0) }

// takeItems is the count of requests other than the attachments'.
func (c *countedRequests) takeItems() int64 { return c.n.Swap(0) - c.files.Swap(0) }

// drive runs a command and what it leads to through the engine and the
// pane, at once (the pane's timer fires without waiting).
func drive(g *engine.Engine, p *Model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			drive(g, p, c)
		}
	case TickMsg:
		drive(g, p, p.OnTick(msg))
	default:
		if next, ok := g.Update(msg); ok {
			drive(g, p, next)
		}
	}
}

// TestPaneReadsAnItemOnceUntilItChanges drives the pane over a real engine
// on the sandbox, requests counted by the client: moving over 10 stories
// reads each once (the item, its comments, its attachments), moving back reads nothing;
// a read still under way (the rate limit holds it) is not asked again when
// the cursor comes back; a story changed on the service is read again once
// a refresh shows it changed, and only it.
func TestPaneReadsAnItemOnceUntilItChanges(t *testing.T) {
	srv, err := sandbox.Start(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	counted := &countedRequests{}
	client := api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken), api.WithHTTPClient(&http.Client{Transport: counted}))
	ctx := uitest.Context(client, uitest.Theme{Dark: true}, 80, 24)
	ctx.Base, ctx.ServiceURL, ctx.User = context.Background(), srv.URL, "demo"
	g := engine.New(ctx)
	g.After = func(time.Duration, tea.Msg) tea.Cmd { return nil }
	p := New(ctx, g)
	p.After = func(_ time.Duration, msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
	drive(g, &p, g.Open(10022001))
	drive(g, &p, g.Load(api.Story))
	stories := g.Items(api.Story).List
	if len(stories) < 12 {
		t.Fatalf("%d stories loaded", len(stories))
	}
	p.Toggle()
	follow := func(i int) { drive(g, &p, p.Follow(Key{api.Story, stories[i].ID}, true)) }
	counted.take()

	for i := range 10 {
		follow(i)
	}
	if n := counted.take(); n != 30 {
		t.Errorf("over 10 stories the pane asked %d requests; want 30 (each story, its comments and its attachments once)", n)
	}
	for i := 9; i >= 0; i-- {
		follow(i)
	}
	if n := counted.take(); n != 0 {
		t.Errorf("back over the same 10 stories the pane asked %d requests; want none", n)
	}

	// A read held back (by the rate limit, say) is not asked twice.
	held := stories[10].ID
	if g.ReadWhole(api.Story, held) == nil {
		t.Fatal("an unread story is not read")
	}
	if cmd := g.ReadWhole(api.Story, held); cmd != nil {
		t.Error("a story whose read is under way is read a second time")
	}
	p.Follow(Key{api.Story, stories[11].ID}, true)
	counted.take()
	drive(g, &p, p.Follow(Key{api.Story, held}, true)) // its attachments are read, once
	if n := counted.takeItems(); n != 0 {
		t.Errorf("coming back to a story whose read is under way asked %d more requests of it", n)
	}

	if _, err := client.Update(context.Background(), 10022001, api.Story, stories[3].ID, map[string]string{"name": "changed on the service"}, "demo"); err != nil {
		t.Fatal(err)
	}
	drive(g, &p, g.Load(api.Story)) // a refresh by delta shows it changed
	counted.take()
	follow(3)
	follow(4)
	if n := counted.take(); n != 3 {
		t.Errorf("after a refresh showed story 3 changed, the pane asked %d requests over stories 3 and 4; want 3 (story 3, its comments and attachments read again)", n)
	}
	if w, ok, _ := g.Whole(api.Story, stories[3].ID); !ok || w.Item.Title != "changed on the service" {
		t.Errorf("the pane shows %q; want the changed title", w.Item.Title)
	}
}
