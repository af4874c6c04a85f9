package api

import (
	"context"
	"slices"
	"testing"
)

// TestListResumesPastThePagesListed: a list given the pages an earlier run
// delivered asks only for the others (a load resumed after a restart), and
// its progress counts the earlier pages' items. How many items a page listed
// before brought does not end the list (its items may have come on an
// earlier page): the page after the last one counted is read, as after any
// full page.
func TestListResumesPastThePagesListed(t *testing.T) {
	tests := []struct {
		name      string
		n         int
		listed    map[int]int
		wantPages []int
		wantItems int
		loaded    int // Page.Loaded at the end; 0: n
	}{
		{"the first pages", 1000, map[int]int{1: 200, 2: 200}, []int{3, 4, 5, 6}, 600, 0},
		{"pages out of order", 1000, map[int]int{1: 200, 3: 200, 4: 200}, []int{2, 5, 6}, 400, 0},
		{"all but the last", 950, map[int]int{1: 200, 2: 200, 3: 200, 4: 200}, []int{5}, 150, 0},
		// the last page counted is read past, as any full page: 6 is empty
		{"the short last page too", 950, map[int]int{1: 200, 2: 200, 3: 200, 4: 200, 5: 150}, []int{6}, 0, 0},
		// a page whose items came on an earlier page (0 left) ends nothing
		{"a page left empty", 1000, map[int]int{1: 200, 2: 0, 3: 200}, []int{4, 5, 6}, 400, 800},
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
			loaded := tc.loaded
			if loaded == 0 {
				loaded = tc.n
			}
			if tc.wantItems > 0 && (last.Loaded != loaded || last.Total != tc.n) {
				t.Errorf("the last page says %d of %d loaded; want %d of %d", last.Loaded, last.Total, loaded, tc.n)
			}
		})
	}
}
