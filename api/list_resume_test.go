package api

import (
	"context"
	"slices"
	"testing"
)

// TestListResumesPastThePagesListed: a list given the pages an earlier run
// delivered asks only for the others (a load resumed after a restart), and
// its progress counts the earlier pages' items; a short page listed before
// ends the list without asking past it (a full last page is followed by one
// more, as in any list).
func TestListResumesPastThePagesListed(t *testing.T) {
	tests := []struct {
		name      string
		n         int
		listed    map[int]int
		wantPages []int
		wantItems int
	}{
		{"the first pages", 1000, map[int]int{1: 200, 2: 200}, []int{3, 4, 5, 6}, 600},
		{"pages out of order", 1000, map[int]int{1: 200, 3: 200, 4: 200}, []int{2, 5, 6}, 400},
		{"all but the last", 950, map[int]int{1: 200, 2: 200, 3: 200, 4: 200}, []int{5}, 150},
		{"the short last page too", 950, map[int]int{1: 200, 2: 200, 3: 200, 4: 200, 5: 150}, nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := &listServer{t: t, n: tc.n, count: tc.n}
			c, _ := newTestClient(t, srv)
			var got []Item
			last := Page{}
			err := c.ListPages(context.Background(), ListRequest{WorkspaceID: 1, Kind: Story, Listed: tc.listed}, func(p Page) {
				got = append(got, p.Items...)
				last = p
			})
			if err != nil {
				t.Fatal(err)
			}
			if pages := srv.pages(); !slices.Equal(pages, tc.wantPages) {
				t.Errorf("pages asked %v; want %v", pages, tc.wantPages)
			}
			if len(got) != tc.wantItems {
				t.Errorf("%d items delivered; want %d", len(got), tc.wantItems)
			}
			if tc.wantItems > 0 && (last.Loaded != tc.n || last.Total != tc.n) {
				t.Errorf("the last page says %d of %d loaded; want %d of %d", last.Loaded, last.Total, tc.n, tc.n)
			}
		})
	}
}
