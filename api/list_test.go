package api

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// listServer is a fake list endpoint over n stories, whose count answers
// count; it records the queries of every page.
type listServer struct {
	t      *testing.T
	n      int
	count  int
	repeat bool // each page after the first repeats the last item of the page before
	// created, when set, is the creation time of every story; the fake
	// ignores filters, so every window of created holds them all.
	created string

	mu      sync.Mutex
	queries []url.Values
	fail    map[int]func(w http.ResponseWriter) // page → failure

	inFlight, most atomic.Int64
}

func storyID(i int) string { return fmt.Sprintf("10%08d%09d", 1, i) }

func (s *listServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	for m := s.most.Load(); n > m && !s.most.CompareAndSwap(m, n); m = s.most.Load() {
	}
	q := r.URL.Query()
	switch r.URL.Path {
	case "/stories/count":
		writeOK(w, map[string]int{"count": s.count})
		return
	case "/stories":
	default:
		writeOK(w, "Hello")
		return
	}
	s.mu.Lock()
	s.queries = append(s.queries, q)
	fail := s.fail[atoi(q.Get("page"))]
	s.mu.Unlock()
	if fail != nil {
		fail(w)
		return
	}
	limit, page := atoi(q.Get("limit")), atoi(q.Get("page"))
	if limit < 1 || limit > PageSize || page < 1 || page*limit > MaxListItems {
		writeFailure(w, 422, "bad paging")
		return
	}
	start := (page - 1) * limit
	if s.repeat && page > 1 {
		start--
	}
	out := []map[string]map[string]string{}
	for i := start; i < min(start+limit, s.n); i++ {
		it := map[string]string{"id": storyID(i + 1), "name": fmt.Sprint("story ", i+1), "workspace_id": "1"}
		if s.created != "" {
			it["created"] = s.created
		}
		out = append(out, map[string]map[string]string{"Story": it})
	}
	writeOK(w, out)
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func (s *listServer) pages() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ps []int
	for _, q := range s.queries {
		ps = append(ps, atoi(q.Get("page")))
	}
	slices.Sort(ps)
	return ps
}

func TestListPaging(t *testing.T) {
	tests := []struct {
		name      string
		n, count  int
		repeat    bool
		filter    url.Values
		created   string
		wantItems int
		wantPages []int
	}{
		{name: "exact", n: 450, count: 450, wantItems: 450, wantPages: []int{1, 2, 3}},
		{name: "one page", n: 7, count: 7, wantItems: 7, wantPages: []int{1}},
		{name: "empty", n: 0, count: 0, wantItems: 0, wantPages: []int{1}},
		{name: "count zero but items", n: 5, count: 0, wantItems: 5, wantPages: []int{1}},
		{name: "full pages then one more", n: 400, count: 400, wantItems: 400, wantPages: []int{1, 2, 3}},
		{name: "more than counted", n: 650, count: 450, wantItems: 650, wantPages: []int{1, 2, 3, 4}},
		{name: "fewer than counted", n: 250, count: 1000, wantItems: 250},
		{name: "repeated item across pages", n: 450, count: 450, repeat: true, wantItems: 450},
		// windows of created (windows_test.go) cannot split a list that
		// filters on created itself: it stops at the service's cap
		{name: "service cap", n: MaxListItems + 300, count: MaxListItems + 300,
			filter: url.Values{"created": {">2020-01-01"}}, wantItems: MaxListItems},
		// more items than the cap created in one second cannot be cut by
		// time: the first MaxListItems are listed and the total says more
		{name: "one second past the cap", n: MaxListItems + 300, count: MaxListItems + 300,
			created: "2026-01-06 10:00:00", wantItems: MaxListItems},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := &listServer{t: t, n: tc.n, count: tc.count, repeat: tc.repeat, created: tc.created}
			c, _ := newTestClient(t, srv)
			var calls, inside atomic.Int64
			lastLoaded, lastTotal := 0, 0
			req := ListRequest{WorkspaceID: 1, Kind: Story, Filter: tc.filter}
			err := c.ListPages(context.Background(), req, func(p Page) {
				if inside.Add(1) != 1 {
					t.Error("onPage called concurrently")
				}
				defer inside.Add(-1)
				calls.Add(1)
				if p.Loaded != lastLoaded+len(p.Items) || p.Total < p.Loaded {
					t.Errorf("page %d: loaded %d after %d with %d items, total %d", p.Number, p.Loaded, lastLoaded, len(p.Items), p.Total)
				}
				lastLoaded, lastTotal = p.Loaded, p.Total
			})
			if err != nil {
				t.Fatal(err)
			}
			items, err := c.List(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			if len(items) != tc.wantItems || lastLoaded != tc.wantItems {
				t.Fatalf("%d items (%d loaded), want %d", len(items), lastLoaded, tc.wantItems)
			}
			if tc.n > MaxListItems && lastTotal != tc.count {
				t.Errorf("total %d past the cap, want the %d counted, so the list shows it is short", lastTotal, tc.count)
			}
			for i, it := range items {
				if it.ID != storyID(i+1) || it.Kind != Story {
					t.Fatalf("item %d is %s %s, want story %s (service order)", i, it.Kind, it.ID, storyID(i+1))
				}
			}
			if tc.wantPages != nil {
				if got := srv.pages(); len(got) != 2*len(tc.wantPages) || !slices.Equal(slices.Compact(got), tc.wantPages) {
					t.Errorf("pages asked %v, want %v twice", got, tc.wantPages)
				}
			}
			if m := srv.most.Load(); m > DefaultMaxInFlight {
				t.Errorf("%d requests in flight", m)
			}
		})
	}
}

func TestListQuery(t *testing.T) {
	srv := &listServer{t: t, n: 3, count: 3}
	c, _ := newTestClient(t, srv)
	req := ListRequest{WorkspaceID: 77, Kind: Story, Order: "modified desc",
		Filter: url.Values{"priority_label": {"High|Middle"}, "workspace_id": {"9"}, "page": {"5"}},
		Fields: []string{"name", "priority_label"}}
	if _, err := c.List(context.Background(), req); err != nil {
		t.Fatal(err)
	}
	q := srv.queries[0]
	want := map[string]string{"workspace_id": "77", "limit": "200", "page": "1", "order": "modified desc",
		"priority_label": "High|Middle", "fields": "id,name,priority_label"}
	for k, v := range want {
		if q.Get(k) != v {
			t.Errorf("%s = %q, want %q (query %v)", k, q.Get(k), v, q)
		}
	}
	if req.Filter.Get("workspace_id") != "9" {
		t.Error("the caller's filter was changed")
	}
	srv.queries = nil
	if _, err := c.List(context.Background(), ListRequest{WorkspaceID: 77, Kind: Story}); err != nil {
		t.Fatal(err)
	}
	if srv.queries[0].Has("fields") || srv.queries[0].Has("order") {
		t.Errorf("asked %v without fields or order", srv.queries[0])
	}
}

func TestListFields(t *testing.T) {
	for _, k := range Kinds {
		f := ListFields(k)
		for _, want := range []string{"id", k.TitleField(), "priority", "priority_label", "status", k.OwnerField(), "modified", "created", k.CreatorField(), "workspace_id"} {
			if !slices.Contains(f, want) {
				t.Errorf("ListFields(%s) = %v lacks %s", k, f, want)
			}
		}
	}
}

func TestListFailures(t *testing.T) {
	tests := []struct {
		name string
		fail func(w http.ResponseWriter)
		kind ErrorKind
	}{
		{"not found", func(w http.ResponseWriter) { writeFailure(w, 404, "workspace 1 not existed") }, ErrNotFound},
		{"greeting", func(w http.ResponseWriter) { writeOK(w, "Hello") }, ErrShape},
		{"object of another shape", func(w http.ResponseWriter) { writeOK(w, []any{map[string]any{"Bug": map[string]string{"id": "1"}}}) }, ErrShape},
		{"html", func(w http.ResponseWriter) { w.WriteHeader(200); _, _ = w.Write([]byte("<html>hi</html>")) }, ErrNotJSON},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := &listServer{t: t, n: 1000, count: 1000, fail: map[int]func(http.ResponseWriter){3: tc.fail}}
			c, _ := newTestClient(t, srv)
			_, err := c.List(context.Background(), ListRequest{WorkspaceID: 1, Kind: Story})
			if KindOf(err) != tc.kind || !strings.Contains(err.Error(), "list stories (page 3)") {
				t.Errorf("err = %v, want %v on page 3", err, tc.kind)
			}
		})
	}
	t.Run("count fails", func(t *testing.T) {
		c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { writeFailure(w, 403, "no") }))
		err := c.ListPages(context.Background(), ListRequest{WorkspaceID: 1, Kind: Bug}, nil)
		if KindOf(err) != ErrForbidden || !strings.Contains(err.Error(), "count bugs") {
			t.Errorf("err = %v", err)
		}
	})
}

func TestListOrderWhenPagesArriveOutOfOrder(t *testing.T) {
	// heldBack serves 800 stories, answering page 2 only once release is
	// closed (page 1 comes with the count, before the others).
	heldBack := func(release <-chan struct{}) http.Handler {
		srv := &listServer{t: t, n: 800, count: 800}
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Query().Get("page") == "2" {
				<-release
			}
			srv.ServeHTTP(w, r)
		})
	}
	release := make(chan struct{})
	c, _ := newTestClient(t, heldBack(release))
	var order []int
	err := c.ListPages(context.Background(), ListRequest{WorkspaceID: 1, Kind: Story}, func(p Page) {
		order = append(order, p.Number)
		if p.Number == 3 {
			close(release)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(order) != 5 || order[0] != 1 || order[1] == 2 { // 4 full pages, then an empty fifth
		t.Errorf("pages arrived %v; page 2 was held back", order)
	}
	release = make(chan struct{})
	c, _ = newTestClient(t, heldBack(release))
	go func() {
		for len(c.sem) < 2 { // pages 1 and another under way
			runtime.Gosched()
		}
		close(release)
	}()
	items, err := c.List(context.Background(), ListRequest{WorkspaceID: 1, Kind: Story})
	if err != nil {
		t.Fatal(err)
	}
	for i, it := range items {
		if it.ID != storyID(i+1) {
			t.Fatalf("item %d is %s, want %s", i, it.ID, storyID(i+1))
		}
	}
	if len(items) != 800 {
		t.Errorf("%d items", len(items))
	}
}
