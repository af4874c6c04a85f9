package api

import (
	"context"
	"time"
)

// A list past MaxListItems, read on from where the service's cap stops it.
// When the service lists items in creation order (the pages tell: each
// page's items, and the pages one after the other, rise in created), the
// first MaxListItems items are the whole list's first maxPages pages, read as
// any list is; the rest is listed from the creation time of the last of them
// on (created=>T, T included: an item of that second on both sides arrives
// once by id), maxPages pages at most again, and so on. Each item is then one
// page's share of a request: no edges, no counts of windows, and the first
// page, read beside the count, is the first page of the list.
//
//   - A block whose items were all created in one second is followed from
//     the next second: the service cannot list more than MaxListItems of one
//     second (as with windows, Page.Total still counts them all).
//   - A block whose pages read bring no new item ends the list (a block
//     whose pages an earlier run listed all goes on).
//   - Pages not in creation order (another service's default order, or a
//     field list without created) leave the rest to windows of creation time
//     (windows.go); the pages read stay delivered, and the windows' items
//     they hold are not delivered again.
//
// Blocks are numbered on from the whole list's pages: block b's page p is
// Page.Number b*maxPages+p, so a load resumed after a restart knows them.

// pageEdge is the creation time of a page's first and last item, and
// whether its items rise in creation time.
type pageEdge struct {
	first, last string
	sorted      bool
}

// edgeOf is the pageEdge of a page's items; a page without created times is
// not sorted.
func edgeOf(items []Item) pageEdge {
	e := pageEdge{sorted: true}
	for i, it := range items {
		if it.Created == "" || (i > 0 && it.Created < items[i-1].Created) {
			e.sorted = false
		}
	}
	if len(items) > 0 {
		e.first, e.last = items[0].Created, items[len(items)-1].Created
	}
	return e
}

// listOn lists the rest of a list past the cap, l being the lister of the
// whole list whose first page is delivered.
func (c *Client) listOn(ctx context.Context, req ListRequest, l *lister) error {
	if err := l.rest(ctx, 2, maxPages); err != nil {
		return err
	}
	for {
		if l.ended() {
			return nil
		}
		from, ok, err := l.nextFrom(ctx)
		if err != nil {
			return err
		}
		if l.ended() {
			return nil
		}
		if !ok {
			return c.listWindows(ctx, req, l.t, l.base+maxPages)
		}
		q := pageQuery(req)
		q.Set("created", window{from: from, open: true}.param())
		next := &lister{c: c, kind: req.Kind, query: q, base: l.base + maxPages, t: l.t, edges: map[int]pageEdge{}}
		l.t.mu.Lock()
		before, left := l.t.loaded, l.t.total-l.t.loaded
		l.t.mu.Unlock()
		if err := next.rest(ctx, 1, min(max(1, (left+PageSize-1)/PageSize), maxPages)); err != nil {
			return err
		}
		l.t.mu.Lock()
		none := l.t.loaded == before && len(next.edges) > 0
		l.t.mu.Unlock()
		if none {
			return nil
		}
		l = next
	}
}

// ended reports whether a page of the lister's block came short or empty:
// the list ends there.
func (l *lister) ended() bool {
	l.t.mu.Lock()
	defer l.t.mu.Unlock()
	return l.shortAt != 0
}

// nextFrom is the creation time the block after the lister's starts at: its
// last page's last item's, or the next second when the whole block was
// created in one; false when its pages are not in creation order. Its last
// page is read again when an earlier run listed it.
func (l *lister) nextFrom(ctx context.Context) (time.Time, bool, error) {
	l.t.mu.Lock()
	_, read := l.edges[maxPages]
	l.t.mu.Unlock()
	if !read {
		items, err := l.page(ctx, maxPages)
		if err != nil {
			return time.Time{}, false, err
		}
		l.deliver(maxPages, items)
	}
	l.t.mu.Lock()
	defer l.t.mu.Unlock()
	prev := ""
	for p := 1; p <= maxPages; p++ {
		e, ok := l.edges[p]
		if !ok || e.first == "" {
			continue
		}
		if !e.sorted || e.first < prev {
			return time.Time{}, false, nil
		}
		prev = e.last
	}
	last, err := ParseTime(l.edges[maxPages].last)
	if err != nil {
		return time.Time{}, false, nil
	}
	if first, ok := l.edges[1]; ok && first.first == l.edges[maxPages].last {
		last = last.Add(time.Second)
	}
	return last, true, nil
}
