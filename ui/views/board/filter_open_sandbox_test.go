package board

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/api/sandbox"
	"triage/store"
	"triage/ui/filter"
	"triage/ui/internal/uitest"
)

// lastStepsCounter counts the reads of /workflows/last_steps.
type lastStepsCounter struct{ n atomic.Int64 }

func (c *lastStepsCounter) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.HasSuffix(r.URL.Path, "/workflows/last_steps") {
		c.n.Add(1)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// TestOpenTermOnTheBoard against the sandbox: typing iter:none is:open
// says on the filter line that the final statuses of stories are read
// while they are, reads them once (not once per key), then keeps the
// unplanned stories whose status is not final, and the line says nothing.
func TestOpenTermOnTheBoard(t *testing.T) {
	srv, err := sandbox.Start(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	counter := &lastStepsCounter{}
	client := api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken), api.WithHTTPClient(&http.Client{Transport: counter}))
	base, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	c := uitest.Context(client, uitest.Theme{Dark: true}, 120, 40)
	c.Base, c.ServiceURL, c.User = base, srv.URL, "demo"
	m := newBoard(c)
	m.SetSize(120, 40)
	firstFrame(base, m, m.openWorkspace(10022001), func(m *Model) bool { return len(m.cur().items) >= 240 && m.cur().fields != nil })

	finals, err := client.LastSteps(base, 10022001, api.Story)
	if err != nil || len(finals) == 0 {
		t.Fatalf("last_steps: %v %v", finals, err)
	}
	stories, err := client.List(base, api.ListRequest{WorkspaceID: 10022001, Kind: api.Story})
	if err != nil {
		t.Fatal(err)
	}
	want, unplanned := 0, 0
	for _, it := range stories {
		if store.NoIteration(it.IterationID) == "" {
			unplanned++
			if _, final := finals[it.Status]; !final {
				want++
			}
		}
	}
	if want == 0 || want == unplanned {
		t.Fatalf("the demo has %d unplanned stories, %d open: the test needs both kinds", unplanned, want)
	}
	counter.n.Store(0)

	press(m, "/")
	var cmds []tea.Cmd
	for _, k := range uitest.Keys(strings.Split("iter:none is:open", "")...) {
		_, cmd := m.Update(k)
		cmds = append(cmds, cmd)
	}
	if got := strings.Join(m.filterProblems(m.cur()), "; "); !strings.HasPrefix(got, filter.ReadingFinals("stories")) {
		t.Errorf("while the final statuses are read the filter line says %q", got)
	}
	firstFrame(base, m, tea.Batch(cmds...), func(m *Model) bool { return !m.awaitFinals[api.Story] })
	if got := m.cur().passing(); got != want {
		t.Errorf("iter:none is:open keeps %d stories, want %d of the %d unplanned", got, want, unplanned)
	}
	if p := m.filterProblems(m.cur()); len(p) > 0 {
		t.Errorf("the filter line says %v", p)
	}
	if n := counter.n.Load(); n != 1 {
		t.Errorf("typing is:open read last_steps %d times, want once", n)
	}
}
