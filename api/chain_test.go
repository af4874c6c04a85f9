package api_test

import (
	"context"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"testing"

	"triage/api"
	"triage/api/sandbox"
)

// pageLog records the pages of list requests, by created filter ("" for
// the whole list), and counts every request.
type pageLog struct {
	mu       sync.Mutex
	pages    map[string][]int
	requests int
}

func (p *pageLog) RoundTrip(r *http.Request) (*http.Response, error) {
	q := r.URL.Query()
	p.mu.Lock()
	p.requests++
	if n, err := strconv.Atoi(q.Get("page")); err == nil && q.Get("limit") == strconv.Itoa(api.PageSize) {
		p.pages[q.Get("created")] = append(p.pages[q.Get("created")], n)
	}
	p.mu.Unlock()
	return http.DefaultTransport.RoundTrip(r)
}

func (p *pageLog) take() (map[string][]int, int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	pages, n := p.pages, p.requests
	for _, v := range pages {
		slices.Sort(v)
	}
	p.pages, p.requests = map[string][]int{}, 0
	return pages, n
}

// TestListPastTheCapResumes: a list of 20,240 stories past the cap costs the
// count and one request a page (102); resumed with the pages of an earlier
// run that stopped in the block after the whole list's pages, it asks the
// whole list's pages not listed, its last page again (where the next block
// starts from), and the block's pages not listed; the two runs together
// deliver every story once.
func TestListPastTheCapResumes(t *testing.T) {
	run, d := runSandbox(t, sandbox.Options{ExtraItems: api.MaxListItems})
	ctx := context.Background()
	log := &pageLog{pages: map[string][]int{}}
	c := api.NewClient(run.URL, api.BasicAuth{User: d.APIUser, Password: d.APIPassword}, api.WithHTTPClient(&http.Client{Transport: log}))
	req := api.ListRequest{WorkspaceID: wsAtlas, Kind: api.Story, Fields: api.ListFields(api.Story)}
	byPage := map[int][]api.Item{}
	if err := c.ListPages(ctx, req, func(p api.Page) { byPage[p.Number] = p.Items }); err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, items := range byPage {
		total += len(items)
	}
	pages, requests := log.take()
	t.Logf("%d stories: %d requests, pages %v", total, requests, slices.Sorted(maps.Keys(byPage)))
	if want := 1 + (total+api.PageSize-1)/api.PageSize; requests != want {
		t.Errorf("%d stories cost %d requests; want %d: the count and one a page", total, requests, want)
	}
	if len(pages) != 2 || len(pages[""]) != 100 {
		t.Errorf("pages asked %v; want the whole list's 100 and one block", pages)
	}

	listed := map[int]int{}
	seen := map[string]bool{}
	for n, items := range byPage {
		if n <= 40 || (n > 60 && n <= 100) || n == 101 {
			listed[n] = len(items)
			for _, it := range items {
				seen[it.ID] = true
			}
		}
	}
	req.Listed = listed
	again := 0
	err := c.ListPages(ctx, req, func(p api.Page) {
		for _, it := range p.Items {
			if !seen[it.ID] {
				seen[it.ID] = true
				again++
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	pages, requests = log.take()
	var block []int
	for created, ps := range pages {
		if created != "" {
			block = ps
		}
	}
	var wantWhole []int
	for p := 41; p <= 60; p++ {
		wantWhole = append(wantWhole, p)
	}
	wantWhole = append(wantWhole, 100)
	if !slices.Equal(pages[""], wantWhole) || !slices.Equal(block, []int{2}) {
		t.Errorf("resumed, pages asked %v; want the whole list's %v and the block's [2]", pages, wantWhole)
	}
	if len(seen) != total {
		t.Errorf("the two runs delivered %d stories; want the %d once", len(seen), total)
	}
	t.Logf("resumed: %d requests, %d stories more", requests, again)
}
