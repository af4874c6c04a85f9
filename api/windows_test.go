package api_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"

	"triage/api"
	"triage/api/sandbox"
)

// windowWatch is a transport that records the created windows of list and
// count requests, and runs onWindow once, before the first page of a window
// is answered.
type windowWatch struct {
	next     http.RoundTripper
	onWindow func()

	once    sync.Once
	mu      sync.Mutex
	counted []string // created= of count requests
	listed  []string // created= of list requests (first pages)
}

func (w *windowWatch) RoundTrip(r *http.Request) (*http.Response, error) {
	q := r.URL.Query()
	if created := q.Get("created"); created != "" {
		w.mu.Lock()
		if strings.HasSuffix(r.URL.Path, "/count") {
			w.counted = append(w.counted, created)
		} else if q.Get("page") == "1" {
			w.listed = append(w.listed, created)
		}
		w.mu.Unlock()
		if !strings.HasSuffix(r.URL.Path, "/count") && w.onWindow != nil {
			w.once.Do(w.onWindow)
		}
	}
	return w.next.RoundTrip(r)
}

// TestListPastTheCap lists a workspace of more than MaxListItems stories:
// every stored item arrives once, in creation order, and a story created
// while the windows are listed arrives too (the last window is open-ended).
func TestListPastTheCap(t *testing.T) {
	run, d := runSandbox(t, sandbox.Options{ExtraItems: 2*api.MaxListItems + 500})
	ctx := context.Background()
	auth := api.BasicAuth{User: d.APIUser, Password: d.APIPassword}
	writer := api.NewClient(run.URL, auth)
	total, err := writer.Count(ctx, wsAtlas, api.Story, nil)
	if err != nil || total <= 2*api.MaxListItems {
		t.Fatalf("the workspace has %d stories (%v), want more than %d", total, err, 2*api.MaxListItems)
	}
	var created api.Item
	watch := &windowWatch{next: http.DefaultTransport, onWindow: func() {
		created, err = writer.Create(ctx, api.NewItem{Kind: api.Story, WorkspaceID: wsAtlas, Title: "created during the load"})
	}}
	c := api.NewClient(run.URL, auth, api.WithHTTPClient(&http.Client{Transport: watch}))
	items, err := c.List(ctx, api.ListRequest{WorkspaceID: wsAtlas, Kind: api.Story, Fields: api.ListFields(api.Story)})
	if err != nil {
		t.Fatal(err)
	}
	if created.ID == "" {
		t.Fatal("no story was created during the load")
	}
	if len(items) != total+1 {
		t.Errorf("listed %d stories, want the %d counted and the one created meanwhile", len(items), total)
	}
	seen := make(map[string]bool, len(items))
	for i, it := range items {
		if seen[it.ID] {
			t.Fatalf("story %s listed twice", it.ID)
		}
		seen[it.ID] = true
		if i > 0 && it.Created < items[i-1].Created {
			t.Fatalf("story %s (created %s) comes after one created %s", it.ID, it.Created, items[i-1].Created)
		}
	}
	if !seen[created.ID] {
		t.Errorf("the story created during the load (%s) is missing", created.ID)
	}
	open := 0
	for _, w := range watch.listed {
		if strings.HasPrefix(w, ">") {
			open++
		}
	}
	if len(watch.listed) < 3 || open != 1 {
		t.Errorf("windows listed %q: want at least three, one of them open-ended", watch.listed)
	}
	if len(watch.counted) < len(watch.listed) {
		t.Errorf("%d windows listed but %d counted: every window is counted first", len(watch.listed), len(watch.counted))
	}
}
