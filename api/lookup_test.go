package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"testing"
	"time"
)

// pagedServer answers /stories with scripted pages of story records and
// records every query; failures answer a page instead of its records.
type pagedServer struct {
	pages [][]map[string]string
	fail  map[int][]int // page → HTTP codes to answer, one per request, before the records
	shape bool          // answer a greeting string instead of a list

	mu      sync.Mutex
	queries []url.Values
}

func (s *pagedServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	page := max(atoi(q.Get("page")), 1)
	s.mu.Lock()
	s.queries = append(s.queries, q)
	var code int
	if codes := s.fail[page]; len(codes) > 0 {
		code, s.fail[page] = codes[0], codes[1:]
	}
	s.mu.Unlock()
	switch {
	case r.URL.Path != "/stories" || s.shape:
		writeOK(w, "Hello, world")
	case code != 0:
		writeFailure(w, code, http.StatusText(code))
	case page > len(s.pages):
		writeOK(w, []any{})
	default:
		out := make([]map[string]map[string]string, 0, len(s.pages[page-1]))
		for _, rec := range s.pages[page-1] {
			out = append(out, map[string]map[string]string{"Story": rec})
		}
		writeOK(w, out)
	}
}

func (s *pagedServer) asked() []url.Values {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.queries)
}

func record(id, name, creator, created string) map[string]string {
	return map[string]string{"id": id, "name": name, "creator": creator, "created": created, "workspace_id": "1"}
}

// filler is n records that match nothing, all created at created.
func filler(n int, created string) []map[string]string {
	out := make([]map[string]string, n)
	for i := range out {
		out[i] = record(storyID(500+i), fmt.Sprint("other ", i), "bob;", created)
	}
	return out
}

func TestGetReadsOneItem(t *testing.T) {
	tests := []struct {
		name   string
		srv    *pagedServer
		id     string
		want   ErrorKind // 0: found
		visits int
	}{
		{"found", &pagedServer{pages: [][]map[string]string{{record(storyID(1), "a", "alice;", "2026-01-06 10:00:00")}}}, storyID(1), 0, 1},
		{"retried like a read", &pagedServer{pages: [][]map[string]string{{record(storyID(1), "a", "", "")}},
			fail: map[int][]int{1: {500, 502}}}, storyID(1), 0, 3},
		{"another id answered", &pagedServer{pages: [][]map[string]string{{record(storyID(2), "b", "", "")}}}, storyID(1), ErrNotFound, 1},
		{"empty list", &pagedServer{}, storyID(1), ErrNotFound, 1},
		{"not a list", &pagedServer{shape: true}, storyID(1), ErrShape, 1},
		{"refused", &pagedServer{fail: map[int][]int{1: {403}}}, storyID(1), ErrForbidden, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := newTestClient(t, tt.srv)
			it, err := c.Get(context.Background(), 1, Story, tt.id)
			if KindOf(err) != tt.want {
				t.Fatalf("Get = %+v, %v; want error kind %v", it, err, tt.want)
			}
			if err == nil && (it.ID != tt.id || it.Kind != Story) {
				t.Errorf("Get = %+v", it)
			}
			asked := tt.srv.asked()
			if len(asked) != tt.visits {
				t.Errorf("%d requests, want %d", len(asked), tt.visits)
			}
			want := url.Values{"workspace_id": {"1"}, "id": {tt.id}}
			if len(asked) > 0 && asked[0].Encode() != want.Encode() {
				t.Errorf("query %s, want %s", asked[0].Encode(), want.Encode())
			}
			assertNoSecret(t, err)
		})
	}
}

func TestFindCreatedChecksEachAnswer(t *testing.T) {
	after := time.Date(2026, 1, 6, 10, 0, 0, 0, ServiceZone)
	const title = "Export invoices"
	tests := []struct {
		name  string
		pages [][]map[string]string
		fail  map[int][]int
		want  string // id found; "" none
		err   ErrorKind
		asked []int // pages asked for, in order
	}{
		{"newest first", [][]map[string]string{{
			record(storyID(3), title, "alice;", "2026-01-06 10:05:00"),
			record(storyID(2), title, "alice;", "2026-01-06 10:01:00"),
		}}, nil, storyID(3), 0, []int{1}},
		{"an order the service ignored", [][]map[string]string{{
			record(storyID(2), title, "alice;", "2026-01-06 10:01:00"),
			record(storyID(3), title, "alice;bob;", "2026-01-06 10:05:00"),
			record(storyID(1), title, "alice", "2026-01-06 09:00:00"),
		}}, nil, storyID(3), 0, []int{1}},
		{"the same second: the higher id", [][]map[string]string{{
			record(storyID(9), title, "alice;", "2026-01-06 10:01:00"),
			record(storyID(10), title, "alice;", "2026-01-06 10:01:00"),
		}}, nil, storyID(10), 0, []int{1}},
		{"text within text and other people", [][]map[string]string{{
			record(storyID(4), title+" again", "alice;", "2026-01-06 10:05:00"),
			record(storyID(5), "export invoices", "alice;", "2026-01-06 10:05:00"),
			record(storyID(6), title, "alicia;", "2026-01-06 10:05:00"),
			record(storyID(7), title, "", "2026-01-06 10:05:00"),
		}}, nil, "", 0, []int{1}},
		{"a created time that cannot be read", [][]map[string]string{{
			record(storyID(4), title, "alice;", ""),
			record(storyID(5), title, "alice;", "yesterday"),
		}}, nil, "", 0, []int{1}},
		{"too old", [][]map[string]string{{
			record(storyID(4), title, "alice;", "2026-01-06 09:59:59"),
		}}, nil, "", 0, []int{1}},
		{"on the next page", [][]map[string]string{
			filler(PageSize, "2026-01-06 10:30:00"),
			{record(storyID(8), title, "alice;", "2026-01-06 10:02:00")},
		}, nil, storyID(8), 0, []int{1, 2}},
		{"no page past an older item", [][]map[string]string{
			append(filler(PageSize-1, "2026-01-06 10:30:00"), record(storyID(4), "old", "bob;", "2026-01-06 09:00:00")),
			{record(storyID(8), title, "alice;", "2026-01-06 10:02:00")},
		}, nil, "", 0, []int{1}},
		{"a failing page", [][]map[string]string{
			filler(PageSize, "2026-01-06 10:30:00"),
		}, map[int][]int{2: {422}}, "", ErrValidation, []int{1, 2}},
		{"a page retried", [][]map[string]string{{
			record(storyID(3), title, "alice;", "2026-01-06 10:05:00"),
		}}, map[int][]int{1: {429}}, storyID(3), 0, []int{1, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := &pagedServer{pages: tt.pages, fail: tt.fail}
			c, _ := newTestClient(t, srv)
			it, found, err := c.FindCreated(context.Background(), 1, Story, title, "alice;", after.UTC())
			if KindOf(err) != tt.err {
				t.Fatalf("FindCreated: %v, want error kind %v", err, tt.err)
			}
			if found != (tt.want != "") || it.ID != tt.want {
				t.Errorf("FindCreated = %q (found %v), want %q", it.ID, found, tt.want)
			}
			var pages []int
			for _, q := range srv.asked() {
				pages = append(pages, atoi(q.Get("page")))
				want := url.Values{"workspace_id": {"1"}, "name": {title}, "creator": {"alice"},
					"order": {"created desc"}, "limit": {"200"}, "page": {q.Get("page")}}
				if q.Encode() != want.Encode() {
					t.Errorf("query %s, want %s", q.Encode(), want.Encode())
				}
			}
			if !slices.Equal(pages, tt.asked) {
				t.Errorf("pages %v, want %v", pages, tt.asked)
			}
		})
	}
}

func TestFindCreatedWithoutCreator(t *testing.T) {
	srv := &pagedServer{pages: [][]map[string]string{{record(storyID(3), "t", "bob;", "2026-01-06 10:05:00")}}}
	c, _ := newTestClient(t, srv)
	it, found, err := c.FindCreated(context.Background(), 1, Story, "t", " ; ", time.Time{})
	if err != nil || !found || it.ID != storyID(3) {
		t.Fatalf("FindCreated = %q, %v, %v", it.ID, found, err)
	}
	if q := srv.asked()[0]; q.Has("creator") {
		t.Errorf("an empty creator was sent: %s", q.Encode())
	}
}

// TestGetManyNamesItsReadInWords: a refused read of several items is told
// as "read 2 stories", of one as "read 1 story", never "read 2 Stories".
func TestGetManyNamesItsReadInWords(t *testing.T) {
	for _, tt := range []struct {
		ids  []string
		want string
	}{
		{[]string{storyID(1), storyID(2)}, "read 2 stories"},
		{[]string{storyID(1)}, "read 1 story"},
	} {
		c, _ := newTestClient(t, &pagedServer{fail: map[int][]int{1: {403}}})
		_, err := c.GetMany(context.Background(), 1, Story, tt.ids)
		var e *Error
		if !errors.As(err, &e) || e.Op != tt.want {
			t.Errorf("GetMany(%d ids) = %v; want the op %q", len(tt.ids), err, tt.want)
		}
	}
}
