package api_test

import (
	"context"
	"net/http"
	"testing"

	"triage/api"
	"triage/api/sandbox"
)

// TestBatchUpdateEachKind writes two items of each kind in one batch
// request (the bug's workspace named project_id, as its page does) and
// reads each item's result: a field the item takes is written, one it
// refuses comes back as that item's error, not the batch's.
func TestBatchUpdateEachKind(t *testing.T) {
	run, d := runSandbox(t, sandbox.Options{})
	c := api.NewClient(run.URL, api.BearerToken(demoUser(t, d).PersonalToken))
	ctx := context.Background()
	for _, kind := range []api.Kind{api.Story, api.Bug, api.Task} {
		items, err := c.List(ctx, api.ListRequest{WorkspaceID: wsAtlas, Kind: kind})
		if err != nil || len(items) < 2 {
			t.Fatalf("%s: %d items: %v", kind, len(items), err)
		}
		good, bad := items[0], items[1]
		owner := map[string]string{kind.OwnerField(): "alice;"}
		results, err := c.BatchUpdate(ctx, wsAtlas, kind, []api.BatchItem{
			{ID: good.ID, Fields: owner},
			{ID: bad.ID, Fields: map[string]string{"status": "no_such_status"}},
		}, "demo")
		if err != nil {
			t.Fatalf("%s batch: %v", kind, err)
		}
		if len(results) != 2 || results[0].ID != good.ID || results[0].Err != nil {
			t.Fatalf("%s: first result %+v, want written", kind, results)
		}
		if results[1].ID != bad.ID || api.KindOf(results[1].Err) != api.ErrValidation {
			t.Errorf("%s: second result %+v, want a validation error of its own", kind, results[1])
		}
		if got, err := c.Get(ctx, wsAtlas, kind, good.ID); err != nil || got.Owner != "alice;" {
			t.Errorf("%s %s after the batch: owner %q, %v", kind, good.ID, got.Owner, err)
		}
	}
}

// TestBatchUpdateRefusesWhatTheBatchCannotCarry: a field the kind's batch
// page does not list, more than 50 items, or none, are refused before
// anything is sent.
func TestBatchUpdateRefusesWhatTheBatchCannotCarry(t *testing.T) {
	sent := &countingRoundTrips{}
	c := api.NewClient("http://127.0.0.1:1", api.BearerToken("t"), api.WithHTTPClient(&http.Client{Transport: sent}))
	ctx := context.Background()
	many := make([]api.BatchItem, api.MaxBatch+1)
	for i := range many {
		many[i] = api.BatchItem{ID: "1", Fields: map[string]string{"status": "done"}}
	}
	for name, items := range map[string][]api.BatchItem{
		"description": {{ID: "1", Fields: map[string]string{"description": "x"}}},
		"51 items":    many,
		"none":        nil,
	} {
		if _, err := c.BatchUpdate(ctx, wsAtlas, api.Story, items, "demo"); api.KindOf(err) != api.ErrValidation {
			t.Errorf("%s: %v, want refused", name, err)
		}
	}
	if sent.n != 0 {
		t.Errorf("%d requests sent, want none", sent.n)
	}
	if api.BatchTakes(api.Bug, map[string]string{"iteration_id": "1"}) || !api.BatchTakes(api.Bug, map[string]string{"current_owner": "a;", "title": "t"}) {
		t.Error("the bug batch takes current_owner and title, not iteration_id")
	}
}

// countingRoundTrips counts the requests tried and answers none.
type countingRoundTrips struct{ n int }

func (c *countingRoundTrips) RoundTrip(*http.Request) (*http.Response, error) {
	c.n++
	return nil, http.ErrHandlerTimeout
}
