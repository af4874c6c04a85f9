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

// windowWatch is a transport that records the created filters of list and
// count requests and counts every request, runs onWindow once, before the
// first page filtered on created is answered, and, when newestFirst, lists
// the first page of a whole list newest first, as a service whose order is
// not creation order would.
type windowWatch struct {
	next        http.RoundTripper
	onWindow    func()
	newestFirst bool

	once     sync.Once
	mu       sync.Mutex
	requests int
	counted  []string // created= of count requests
	listed   []string // created= of list requests (first pages)
}

func (w *windowWatch) RoundTrip(r *http.Request) (*http.Response, error) {
	q := r.URL.Query()
	w.mu.Lock()
	w.requests++
	w.mu.Unlock()
	if w.newestFirst && q.Get("created") == "" && q.Get("order") == "" && q.Get("page") == "1" && !strings.HasSuffix(r.URL.Path, "/count") {
		q.Set("order", "created desc")
		r = r.Clone(r.Context())
		r.URL.RawQuery = q.Encode()
	}
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

// pastTheCap lists a workspace of more than twice MaxListItems stories
// through watch, creating a story once the list is past the whole list's
// pages: every stored item arrives once, and so does the one created
// meanwhile. It returns the items listed and how many were counted.
func pastTheCap(t *testing.T, watch *windowWatch) ([]api.Item, int) {
	t.Helper()
	run, d := runSandbox(t, sandbox.Options{ExtraItems: 2*api.MaxListItems + 500})
	ctx := context.Background()
	auth := api.BasicAuth{User: d.APIUser, Password: d.APIPassword}
	writer := api.NewClient(run.URL, auth)
	total, err := writer.Count(ctx, wsAtlas, api.Story, nil)
	if err != nil || total <= 2*api.MaxListItems {
		t.Fatalf("the workspace has %d stories (%v), want more than %d", total, err, 2*api.MaxListItems)
	}
	var created api.Item
	watch.next = http.DefaultTransport
	watch.onWindow = func() {
		created, err = writer.Create(ctx, api.NewItem{Kind: api.Story, WorkspaceID: wsAtlas, Title: "created during the load"})
	}
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
	for _, it := range items {
		if seen[it.ID] {
			t.Fatalf("story %s listed twice", it.ID)
		}
		seen[it.ID] = true
	}
	if !seen[created.ID] {
		t.Errorf("the story created during the load (%s) is missing", created.ID)
	}
	return items, total
}

// TestListPastTheCap: on a service that lists in creation order, a list
// past the cap goes on from the creation time of the last story the cap let
// through, block after block, each open-ended: the count and one request a
// page, one more a block at most for the stories of the second a block
// ends on; nothing else is counted. The stories come in creation order.
func TestListPastTheCap(t *testing.T) {
	watch := &windowWatch{}
	items, total := pastTheCap(t, watch)
	for i := 1; i < len(items); i++ {
		if items[i].Created < items[i-1].Created {
			t.Fatalf("story %s (created %s) comes after one created %s", items[i].ID, items[i].Created, items[i-1].Created)
		}
	}
	blocks := len(watch.listed) + 1
	pages := (total + 1 + api.PageSize - 1) / api.PageSize
	t.Logf("%d stories: %d requests, %d blocks after the first (%q)", total, watch.requests, len(watch.listed), watch.listed)
	if len(watch.counted) != 0 || watch.requests > 1+pages+blocks {
		t.Errorf("%d requests, %d windows counted (%q); want at most %d: the count, %d pages and one a block", watch.requests, len(watch.counted), watch.counted, 1+pages+blocks, pages)
	}
	for _, w := range watch.listed {
		if !strings.HasPrefix(w, ">") {
			t.Errorf("block created %q: want each open-ended", w)
		}
	}
	if len(watch.listed) != 2 {
		t.Errorf("blocks after the first %q: want two", watch.listed)
	}
}

// TestListPastTheCapInWindows: on a service whose first page lists newest
// first, the whole list's pages do not rise in creation time, and the list is cut into
// windows of creation time, each counted first, the last open-ended; every
// story still arrives once.
func TestListPastTheCapInWindows(t *testing.T) {
	watch := &windowWatch{newestFirst: true}
	pastTheCap(t, watch)
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
