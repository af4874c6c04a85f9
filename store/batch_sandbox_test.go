package store_test

import (
	"context"
	"net/http"
	"path/filepath"
	"sync"
	"testing"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/store"
)

// The client writes batches for the replayer.
var _ store.BatchRemote = (*api.Client)(nil)

// countedRequests counts the requests that reach the service.
type countedRequests struct {
	mu            sync.Mutex
	reads, writes int
}

func (c *countedRequests) RoundTrip(r *http.Request) (*http.Response, error) {
	c.mu.Lock()
	if r.Method == http.MethodGet {
		c.reads++
	} else {
		c.writes++
	}
	c.mu.Unlock()
	return http.DefaultTransport.RoundTrip(r)
}

// take returns the counts since the last take.
func (c *countedRequests) take() (reads, writes int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	reads, writes, c.reads, c.writes = c.reads, c.writes, 0, 0
	return reads, writes
}

// batchRig is an outbox sending to the sandbox through a client whose
// requests are counted.
type batchRig struct {
	*fieldsRig
	count *countedRequests
}

func newBatchRig(t *testing.T) *batchRig {
	t.Helper()
	srv := sandboxtest.Start(t, sandbox.Options{})
	count := &countedRequests{}
	client := sandboxtest.DemoClient(srv, api.WithHTTPClient(&http.Client{Transport: count}))
	rig := &fieldsRig{srv: srv, client: client, path: filepath.Join(t.TempDir(), store.OutboxFile)}
	rig.reopen(t, firstSession)
	return &batchRig{fieldsRig: rig, count: count}
}

// stories are n stories of the default story type in a status, read
// without counting.
func (rig *batchRig) stories(t *testing.T, status string, n int) []api.Item {
	t.Helper()
	return rig.storiesWhere(t, n, func(it api.Item) bool { return it.Status == status })
}

// storiesWhere are n stories of the default story type that pass keep
// (the others have a workflow of their own), read without counting.
func (rig *batchRig) storiesWhere(t *testing.T, n int, keep func(api.Item) bool) []api.Item {
	t.Helper()
	var found []api.Item
	err := rig.client.ListPages(context.Background(), api.ListRequest{WorkspaceID: fieldsWS, Kind: api.Story, Fields: api.ListFields(api.Story)}, func(p api.Page) {
		for _, it := range p.Items {
			if id := it.ShortID(); keep(it) && id[len(id)-1] != '0' && len(found) < n {
				it.Kind = api.Story
				found = append(found, it)
			}
		}
	})
	if err != nil || len(found) < n {
		t.Fatalf("%d stories found, want %d: %v", len(found), n, err)
	}
	rig.count.take()
	return found
}

// queue adds an edit of each item to the outbox, as seen, without sending.
func (rig *batchRig) queue(t *testing.T, items []api.Item, op store.EditOp, from func(api.Item) string, to string) []store.Edit {
	t.Helper()
	edits := make([]store.Edit, 0, len(items))
	for _, it := range items {
		e, err := rig.outbox.Add(store.Edit{Session: firstSession, Service: rig.srv.URL, User: "demo", WorkspaceID: fieldsWS,
			Kind: it.Kind, Op: op, ItemID: it.ID, From: from(it), To: to, SeenModified: it.Modified})
		if err != nil {
			t.Fatal(err)
		}
		edits = append(edits, e)
	}
	return edits
}

func status(it api.Item) string   { return it.Status }
func priority(it api.Item) string { return it.DisplayPriority() }

// TestBatchWritesCountRequests measures what the service sees: a bulk move
// of 50 stories is one read and one batch write (51 requests before), ten
// moves queued in the outbox and flushed are one read and one batch write
// (20 before), and a bulk of 120 is one read and three batch writes (121
// before). Every item is written, each result read from the answer.
func TestBatchWritesCountRequests(t *testing.T) {
	rig := newBatchRig(t)
	ctx := context.Background()
	planning := rig.stories(t, "planning", 60)
	bulk := rig.queue(t, planning[:50], store.OpStatus, status, "developing")
	rig.count.take()
	results, err := rig.r.SendAll(ctx, bulk)
	if err != nil {
		t.Fatal(err)
	}
	if reads, writes := rig.count.take(); reads != 1 || writes != 1 {
		t.Errorf("a bulk move of 50: %d reads, %d writes; want 1, 1", reads, writes)
	}
	for _, res := range results {
		if res.Outcome != store.OutcomeSent || res.Item.Status != "developing" {
			t.Fatalf("bulk move of %s: %s, item status %q: %v", res.Edit.ItemID, res.Outcome, res.Item.Status, res.Err)
		}
	}

	rig.queue(t, planning[50:60], store.OpStatus, status, "developing")
	rig.count.take()
	flushed, err := rig.r.Flush(ctx)
	if err != nil || len(flushed) != 10 {
		t.Fatalf("flush: %d results: %v", len(flushed), err)
	}
	if reads, writes := rig.count.take(); reads != 1 || writes != 1 {
		t.Errorf("10 queued moves flushed: %d reads, %d writes; want 1, 1", reads, writes)
	}

	got, err := rig.client.GetMany(ctx, fieldsWS, api.Story, ids(planning))
	if err != nil || len(got) != 60 {
		t.Fatalf("read back %d of 60: %v", len(got), err)
	}
	for _, it := range got {
		if it.Status != "developing" {
			t.Errorf("story %s is %s on the service, want developing", it.ID, it.Status)
		}
	}

	many := rig.storiesWhere(t, 120, func(it api.Item) bool { return it.DisplayPriority() != "Nice To Have" })
	bulk = rig.queue(t, many, store.OpPriority, priority, "Nice To Have")
	rig.count.take()
	if _, err := rig.r.SendAll(ctx, bulk); err != nil {
		t.Fatal(err)
	}
	if reads, writes := rig.count.take(); reads != 1 || writes != 3 {
		t.Errorf("a bulk of 120: %d reads, %d writes; want 1, 3", reads, writes)
	}
	got, err = rig.client.GetMany(ctx, fieldsWS, api.Story, ids(many))
	if err != nil || len(got) != 120 {
		t.Fatalf("read back %d of 120: %v", len(got), err)
	}
	for _, it := range got {
		if it.PriorityLabel != "Nice To Have" {
			t.Errorf("story %s has priority %q on the service, want Nice To Have", it.ID, it.PriorityLabel)
		}
	}
}

func ids(items []api.Item) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.ID
	}
	return out
}
