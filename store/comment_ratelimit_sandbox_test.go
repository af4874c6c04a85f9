package store_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"triage/api"
	"triage/api/sandbox"
	"triage/api/sandbox/sandboxtest"
	"triage/store"
)

// TestCommentRefusedForTheLimitIsNotLookedFor: a comment (a why) the
// service refused for its rate limit (429: it did nothing) is sent again
// once the wait is over, in one request, with no read to look for it first
// (that read is for a send that may have reached the service); the item
// has it once.
func TestCommentRefusedForTheLimitIsNotLookedFor(t *testing.T) {
	srv := sandboxtest.Start(t, sandbox.Options{Rate: 5, RateWindow: 2 * time.Second})
	pc := &sandboxtest.PathCounter{}
	client := sandboxtest.DemoClient(srv, api.WithHTTPClient(&http.Client{Transport: pc}))
	s := quickSender(t, srv, client)
	ctx := context.Background()
	const storyID = "1110022001000000004"
	text := "<p>why: sprint 12</p>"
	e, err := s.Add(store.Edit{Session: firstSession, Service: srv.URL, User: "demo", WorkspaceID: fieldsWS,
		Kind: api.Story, Op: store.OpComment, ItemID: storyID, To: text})
	if err != nil {
		t.Fatal(err)
	}

	spendTheWindow(t, srv)
	if res, _ := s.SendAll(ctx, []store.Edit{e}); len(res) != 1 || res[0].Outcome != store.OutcomeQueued {
		t.Fatalf("the comment sent while the window is spent: %+v; want it queued", res)
	}
	if got, _ := pc.Take(); got["POST /comments"] != 1 || len(got) != 1 {
		t.Fatalf("the refused send: %v; want one POST /comments", got)
	}
	for deadline := time.Now().Add(20 * time.Second); ; {
		pending, err := s.Pending("demo")
		if err != nil {
			t.Fatal(err)
		}
		if len(pending) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the comment still waits: %+v", pending[0])
		}
		if wait, due, err := s.NextFlush("demo"); err != nil {
			t.Fatal(err)
		} else if due && wait > 0 {
			time.Sleep(wait)
		}
		_, _ = s.Flush(ctx, "demo")
	}
	got, _ := pc.Take()
	t.Logf("sent again: %v", got)
	if got["POST /comments"] != 1 || got["GET /comments"] != 0 {
		t.Errorf("sent again with %v; want one POST /comments and no read", got)
	}
	comments, err := client.Comments(ctx, fieldsWS, api.Story, storyID)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range comments {
		if c.Description == text {
			n++
		}
	}
	if n != 1 {
		t.Errorf("the story has the comment %d times, want once", n)
	}
}
