package api

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Paging limits of the service: at most PageSize items a page, and page*limit
// may not pass MaxListItems.
const (
	PageSize     = 200
	MaxListItems = 20000
	maxPages     = MaxListItems / PageSize
)

// ListFields is what the app shows, filters by and edits: id, name/title,
// priority, priority_label, status, owner, modified, created, creator
// (reporter of bugs), workspace_id, iteration_id, a bug's severity and a
// story's type (workitem_type_id,
// whose workflow its status follows), with each kind's wire names. Every
// field the board edits is listed, so the conflict check compares it with
// what the card showed.
func ListFields(kind Kind) []string {
	f := []string{"id", kind.TitleField(), "priority", "priority_label", "status",
		kind.OwnerField(), "modified", "created", kind.CreatorField(), "workspace_id", "iteration_id"}
	switch kind {
	case Bug:
		f = append(f, "severity")
	case Story:
		f = append(f, "workitem_type_id")
	}
	return f
}

// ListRequest selects the items to list.
type ListRequest struct {
	WorkspaceID int64
	Kind        Kind
	Filter      url.Values // extra filters (e.g. priority_label)
	Fields      []string   // fields= ; nil = all (id is always asked for)
	Order       string     // e.g. "modified desc"
	// Listed are the pages an earlier run of the same list delivered, by
	// Page.Number, with the items each brought: they are not asked again
	// (a load resumed after a restart). Page.Loaded counts their items.
	Listed map[int]int
}

// Page is one page of a list as it arrives.
type Page struct {
	Items  []Item
	Number int // page number (1-based)
	Loaded int // items loaded so far (all pages delivered until now)
	Total  int // from count (raised when the service has more than counted)
}

// ListPages counts, then fetches all pages concurrently (limit=200, at most
// MaxInFlight at once), calling onPage (serialised, never concurrently) as each
// page arrives, in any order. Page 1 is fetched alongside the count, as every
// list needs it. The count may be stale: a short or empty page ends the list,
// and when every counted page is full the next ones are read until one is
// short. An item seen on an earlier page is not repeated.
//
// The service lists at most MaxListItems items a query. When the count passes
// that, and the request does not filter on created itself, the list goes on
// from the creation time of the last item the cap let through (chain.go), or
// is cut into windows of creation time that each count at most MaxListItems
// (windows.go) when the service's order is not creation order; pages are
// numbered so that sorting them by number gives the items in creation order.
func (c *Client) ListPages(ctx context.Context, req ListRequest, onPage func(Page)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	t := &tally{onPage: onPage, listed: req.Listed}
	for _, n := range req.Listed {
		t.loaded += n
	}
	l := &lister{c: c, kind: req.Kind, query: pageQuery(req), t: t}
	if req.Order == "" && req.Filter.Get("created") == "" {
		l.edges = map[int]pageEdge{} // the list may go on past the cap (chain.go)
	}
	var first []Item
	firstDone := make(chan error, 1)
	haveFirst := l.have(1)
	go func() {
		var err error
		if !haveFirst {
			first, err = l.page(ctx, 1)
		}
		firstDone <- err
	}()
	total, err := c.Count(ctx, req.WorkspaceID, req.Kind, req.Filter)
	if err != nil {
		cancel()
		<-firstDone
		return err
	}
	if err := <-firstDone; err != nil {
		return err
	}
	t.total, t.seen = max(total, t.loaded), make(map[string]bool, total-t.loaded)
	if !haveFirst {
		l.deliver(1, first)
	}
	if total > MaxListItems && l.edges != nil {
		return c.listOn(ctx, req, l)
	}
	if total > MaxListItems && req.Filter.Get("created") == "" {
		return c.listWindows(ctx, req, t, 1)
	}
	return l.rest(ctx, 2, min(max(1, (total+PageSize-1)/PageSize), maxPages))
}

// List returns all items in service order.
func (c *Client) List(ctx context.Context, req ListRequest) ([]Item, error) {
	var pages []Page
	err := c.ListPages(ctx, req, func(p Page) { pages = append(pages, p) })
	if err != nil {
		return nil, err
	}
	slices.SortFunc(pages, func(a, b Page) int { return a.Number - b.Number })
	n := 0
	for _, p := range pages {
		n += len(p.Items)
	}
	items := make([]Item, 0, n)
	for _, p := range pages {
		items = append(items, p.Items...)
	}
	return items, nil
}

// pageQuery is the query shared by every page of a request.
func pageQuery(req ListRequest) url.Values {
	q := listQuery(req.WorkspaceID, req.Filter)
	q.Set("limit", strconv.Itoa(PageSize))
	if len(req.Fields) > 0 {
		fields := req.Fields
		if !slices.Contains(fields, "id") {
			fields = append([]string{"id"}, fields...)
		}
		q.Set("fields", strings.Join(fields, ","))
	}
	if req.Order != "" {
		q.Set("order", req.Order)
	}
	return q
}

// tally is what the listers of one list share: the items delivered and the
// callback, called under mu.
type tally struct {
	mu     sync.Mutex
	onPage func(Page)
	total  int
	loaded int
	seen   map[string]bool
	listed map[int]int // ListRequest.Listed: read only
}

// lister fetches the pages of one query of a list.
type lister struct {
	c     *Client
	kind  Kind
	query url.Values
	base  int // added to the page numbers onPage gets
	t     *tally
	// edges are the creation times of the pages delivered, by page
	// (chain.go); nil: not kept. Under t.mu.
	edges map[int]pageEdge

	shortAt int // the first page seen short or empty (0: none yet); under t.mu

	extras ExtrasPool // the maps of the items' extra fields, shared by the pages
}

// rest fetches pages from to pages concurrently, decoding each while the
// next is fetched, then reads on while the last page read was full.
func (l *lister) rest(ctx context.Context, from, pages int) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next               atomic.Int64
		fetchers, decoders sync.WaitGroup
		errOnce            sync.Once
		firstErr           error
	)
	fail := func(err error) {
		errOnce.Do(func() { firstErr = err })
		cancel()
	}
	next.Store(int64(from - 1))
	for range min(l.c.maxInFlight, pages-from+1) {
		fetchers.Go(func() {
			for {
				p := int(next.Add(1))
				if p > pages || l.past(p) || ctx.Err() != nil {
					return
				}
				if l.have(p) {
					continue
				}
				env, err := l.get(ctx, p)
				if err != nil {
					fail(err)
					return
				}
				decoders.Go(func() {
					items, err := l.decode(p, env)
					if err != nil {
						fail(err)
						return
					}
					l.deliver(p, items)
				})
			}
		})
	}
	fetchers.Wait()
	decoders.Wait()
	if firstErr != nil {
		return firstErr
	}
	for p := pages + 1; p <= maxPages && !l.past(p); p++ {
		if l.have(p) {
			continue
		}
		items, err := l.page(ctx, p)
		if err != nil {
			return err
		}
		l.deliver(p, items)
	}
	return nil
}

// have reports whether page p was listed by an earlier run
// (ListRequest.Listed). How many items it brought does not tell whether it
// ended the list (an item delivered before is left out of a page), so the
// page after the last one counted is read, as after any full page.
func (l *lister) have(p int) bool {
	_, ok := l.t.listed[l.base+p]
	return ok
}

// past reports whether page p lies beyond the end of the list.
func (l *lister) past(p int) bool {
	l.t.mu.Lock()
	defer l.t.mu.Unlock()
	return l.shortAt != 0 && p > l.shortAt
}

// page reads page p.
func (l *lister) page(ctx context.Context, p int) ([]Item, error) {
	env, err := l.get(ctx, p)
	if err != nil {
		return nil, err
	}
	return l.decode(p, env)
}

// get fetches page p.
func (l *lister) get(ctx context.Context, p int) (Envelope, error) {
	q := make(url.Values, len(l.query)+1)
	for k, v := range l.query {
		q[k] = v
	}
	q.Set("page", strconv.Itoa(p))
	return l.c.do(ctx, call{op: l.op(p), method: http.MethodGet, path: "/" + l.kind.Path(), params: q})
}

// decode reads the items of page p.
func (l *lister) decode(p int, env Envelope) ([]Item, error) {
	items, err := DecodeItemsPooled(l.kind, env.Data, &l.extras)
	if err != nil {
		return nil, shapeError(l.op(p), env.Data, fmt.Sprintf(`a list of {"%s":{...}}`, l.kind.Wrapper()), err)
	}
	return items, nil
}

func (l *lister) op(p int) Message {
	if w := l.query.Get("created"); w != "" && l.base > 0 {
		return Say("list %s (created %s, page %d)", kinds(l.kind), w, p)
	}
	return Say("list %s (page %d)", kinds(l.kind), p)
}

// deliver hands a page to onPage, without the items already delivered.
func (l *lister) deliver(p int, items []Item) {
	t := l.t
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(items) < PageSize && (l.shortAt == 0 || p < l.shortAt) {
		l.shortAt = p
	}
	if l.edges != nil {
		l.edges[p] = edgeOf(items)
	}
	kept := items[:0]
	for _, it := range items {
		if it.ID != "" {
			if t.seen[it.ID] {
				continue
			}
			t.seen[it.ID] = true
		}
		kept = append(kept, it)
	}
	t.loaded += len(kept)
	t.total = max(t.total, t.loaded)
	if t.onPage != nil {
		t.onPage(Page{Items: kept, Number: l.base + p, Loaded: t.loaded, Total: t.total})
	}
}
