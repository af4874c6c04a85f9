package store

import (
	"context"
	"net/http"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"triage/api"
	"triage/api/sandbox"
)

// heldWrites counts the requests that reach the service and holds the
// first write until released, as a slow or rate-limited service does.
type heldWrites struct {
	mu            sync.Mutex
	reads, writes int
	hold          chan struct{}
}

func (h *heldWrites) RoundTrip(r *http.Request) (*http.Response, error) {
	h.mu.Lock()
	first := false
	if r.Method == http.MethodGet {
		h.reads++
	} else {
		h.writes++
		first = h.writes == 1
	}
	h.mu.Unlock()
	if first {
		<-h.hold
	}
	return http.DefaultTransport.RoundTrip(r)
}

// TestSingleMovesMadeTogetherGoTogether: ten single moves made while the
// first is on its way cost four requests, not twenty: the first reads and
// writes its story; the nine made meanwhile wait, then go together, their
// stories read in one request and written in one batch. Each move gets its
// own answer. A flush of the outbox that comes meanwhile (the board flushes
// what waits a moment after each edit) leaves the lane's moves to it: it
// neither reads nor writes them, and the nine are still read once.
func TestSingleMovesMadeTogetherGoTogether(t *testing.T) {
	for _, flush := range []bool{false, true} {
		name := map[bool]string{false: "alone", true: "with a flush meanwhile"}[flush]
		t.Run(name, func(t *testing.T) { singleMovesTogether(t, flush) })
	}
}

func singleMovesTogether(t *testing.T, flush bool) {
	held := &heldWrites{hold: make(chan struct{})}
	s, client, planning, service := tenMovesRig(t, held, Gather{})
	held.mu.Lock()
	held.reads, held.writes = 0, 0
	held.mu.Unlock()

	results := make([][]Result, len(planning))
	var wg sync.WaitGroup
	move := func(i int) { results[i] = sendMove(t, s, service, planning[i]) }
	wg.Go(func() { move(0) })
	for held.count() < 2 { // the first move's read done, its write held
		runtime.Gosched()
	}
	for i := 1; i < len(planning); i++ {
		wg.Go(func() { move(i) })
	}
	for s.lane("demo").waitingSends() < len(planning)-1 {
		runtime.Gosched()
	}
	if flush {
		flushed, err := s.Flush(context.Background(), "demo")
		if err != nil || len(flushed) != 0 || held.count() != 2 {
			t.Errorf("a flush while the lane sends: %d results, %v, %d requests in all; want nothing sent, 2 requests (the first move's)", len(flushed), err, held.count())
		}
	}
	close(held.hold)
	wg.Wait()

	if reads, writes := held.reads, held.writes; reads != 2 || writes != 2 {
		t.Errorf("10 single moves made together: %d reads, %d writes; want 2, 2", reads, writes)
	}
	for i, res := range results {
		if len(res) != 1 || res[0].Outcome != OutcomeSent || res[0].Edit.ItemID != planning[i].ID {
			t.Errorf("move %d: %+v", i, res)
		}
	}
	got, err := client.GetMany(context.Background(), 10022001, api.Story, []string{planning[0].ID, planning[9].ID})
	if err != nil || len(got) != 2 || got[0].Status != "developing" || got[1].Status != "developing" {
		t.Errorf("on the service: %+v, %v", got, err)
	}
}

// count is how many requests reached the service.
func (h *heldWrites) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.reads + h.writes
}

// tenInPlanning are ten stories in planning on the sandbox.
func tenInPlanning(t *testing.T, client *api.Client) []api.Item {
	t.Helper()
	var planning []api.Item
	err := client.ListPages(context.Background(), api.ListRequest{WorkspaceID: 10022001, Kind: api.Story}, func(p api.Page) {
		for _, it := range p.Items {
			if id := it.ShortID(); it.Status == "planning" && id[len(id)-1] != '0' && len(planning) < 10 {
				it.Kind = api.Story
				planning = append(planning, it)
			}
		}
	})
	if err != nil || len(planning) < 10 {
		t.Fatalf("%d stories in planning: %v", len(planning), err)
	}
	return planning
}

// sendMove queues the move of a planning story to developing through s, as
// the board makes it, and sends it; it returns the results.
func sendMove(t *testing.T, s *Sender, service string, it api.Item) []Result {
	e, err := s.Add(Edit{Session: "20260106T091604Z-first", Service: service, User: "demo", WorkspaceID: 10022001, Kind: api.Story,
		Op: OpStatus, ItemID: it.ID, From: "planning", To: "developing", SeenModified: it.Modified})
	if err != nil {
		t.Error(err)
		return nil
	}
	results, err := s.SendAll(context.Background(), []Edit{e})
	if err != nil {
		t.Error(err)
	}
	return results
}

// tenMovesRig starts the sandbox and a sender with gather over its own
// outbox, the demo user's requests going through transport; it returns the
// sender, its client, ten stories in planning and the service's address.
func tenMovesRig(t *testing.T, transport *heldWrites, gather Gather) (*Sender, *api.Client, []api.Item, string) {
	t.Helper()
	srv, err := sandbox.Start(sandbox.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = srv.Close() })
	client := api.NewClient(srv.URL, api.BearerToken(srv.Server.Demo().Users[0].PersonalToken), api.WithHTTPClient(&http.Client{Transport: transport}))
	planning := tenInPlanning(t, client)
	ob, err := OpenOutbox(filepath.Join(t.TempDir(), OutboxFile))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ob.Close() })
	return NewSender(ob, client, SenderConfig{Service: srv.URL, Session: "20260106T091604Z-first", Gather: gather}), client, planning, srv.URL
}
