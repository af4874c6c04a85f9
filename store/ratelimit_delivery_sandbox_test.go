package store_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/store"
)

// refusals counts the requests the service refused for its rate limit.
type refusals struct {
	mu      sync.Mutex
	n, sent int
}

func (rf *refusals) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := http.DefaultTransport.RoundTrip(r)
	rf.mu.Lock()
	rf.sent++
	if err == nil && res.StatusCode == http.StatusTooManyRequests {
		rf.n++
	}
	rf.mu.Unlock()
	return res, err
}

// TestEditsThroughTheRateLimitDeliveredOnce: 84 priority changes made one
// after the other, against a service that allows 60 requests a window (of
// two seconds, so that the test is quick) whose window is spent when they
// start, are all delivered, each once: the service's change history holds
// exactly one priority change of each story, and the outbox keeps none. The
// service refused requests of theirs meanwhile, so the limit was met.
func TestEditsThroughTheRateLimitDeliveredOnce(t *testing.T) {
	const n = 84
	srv := sandboxtest.Start(t, sandbox.Options{Rate: 60, RateWindow: 2 * time.Second})
	budget, err := api.NewBudget(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	rf := &refusals{}
	client := sandboxtest.DemoClient(srv, api.WithHTTPClient(&http.Client{Transport: rf}), api.WithBudget(budget))
	s := quickSender(t, srv, client)

	ctx := context.Background()
	var stories []api.Item
	err = client.ListPages(ctx, api.ListRequest{WorkspaceID: fieldsWS, Kind: api.Story, Fields: api.ListFields(api.Story)}, func(p api.Page) {
		for _, it := range p.Items {
			if id := it.ShortID(); id[len(id)-1] != '0' && it.DisplayPriority() != "Nice To Have" && len(stories) < n {
				it.Kind = api.Story
				stories = append(stories, it)
			}
		}
	})
	if err != nil || len(stories) < n {
		t.Fatalf("%d stories found, want %d: %v", len(stories), n, err)
	}
	since := time.Now().Add(-2 * time.Second)
	spendTheWindow(t, srv)

	for _, it := range stories {
		e, err := s.Add(store.Edit{Session: firstSession, Service: srv.URL, User: "demo", WorkspaceID: fieldsWS, Kind: api.Story,
			Op: store.OpPriority, ItemID: it.ID, From: it.DisplayPriority(), To: "Nice To Have", SeenModified: it.Modified})
		if err != nil {
			t.Fatal(err)
		}
		// A send the limit stops leaves its edit waiting in the outbox.
		_, _ = s.SendAll(ctx, []store.Edit{e})
	}
	for deadline := time.Now().Add(2 * time.Minute); ; {
		pending, err := s.Pending("demo")
		if err != nil {
			t.Fatal(err)
		}
		if len(pending) == 0 {
			break
		}
		for _, e := range pending {
			if e.State == store.StateConflict {
				t.Fatalf("edit %d of %s ended in a conflict: %s", e.Seq, e.ItemID, e.LastError)
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d edits still wait after two minutes, the first: %+v", len(pending), pending[0])
		}
		if wait, due, err := s.NextFlush("demo"); err != nil {
			t.Fatal(err)
		} else if due && wait > 0 {
			time.Sleep(wait)
		}
		_, _ = s.Flush(ctx, "demo")
	}

	rf.mu.Lock()
	sent, refused := rf.sent, rf.n
	rf.mu.Unlock()
	t.Logf("%d edits: %d requests, %d refused for the rate limit", n, sent, refused)
	if refused == 0 {
		t.Errorf("the service refused no request: the edits did not meet the limit")
	}
	ids := make([]string, len(stories))
	for i, it := range stories {
		ids[i] = it.ID
	}
	changes, err := client.ItemChangesOf(ctx, fieldsWS, api.Story, ids, since)
	if err != nil {
		t.Fatal(err)
	}
	changed := map[string]int{}
	for _, c := range changes {
		for _, f := range c.Fields {
			if f.Field == "priority_label" || f.Field == "priority" {
				changed[c.ItemID]++
				break
			}
		}
	}
	for _, it := range stories {
		if changed[it.ID] != 1 {
			t.Errorf("story %s changed its priority %d times on the service, want once", it.ID, changed[it.ID])
		}
	}
	got, err := client.GetMany(ctx, fieldsWS, api.Story, ids)
	if err != nil || len(got) != n {
		t.Fatalf("read back %d of %d: %v", len(got), n, err)
	}
	for _, it := range got {
		if it.DisplayPriority() != "Nice To Have" {
			t.Errorf("story %s has %q on the service, want Nice To Have", it.ID, it.DisplayPriority())
		}
	}
}

// spendTheWindow asks the service until it refuses for its rate limit: the
// window's requests are spent.
func spendTheWindow(t *testing.T, srv *sandbox.Running) {
	t.Helper()
	token := srv.Server.Demo().Users[0].PersonalToken
	for range 1000 {
		req, err := http.NewRequest(http.MethodGet, srv.URL+"/stories/count?workspace_id=10022001", nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode == http.StatusTooManyRequests {
			return
		}
	}
	t.Fatal("the service never refused a request")
}
