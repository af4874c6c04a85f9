package api

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"sync"
	"time"
)

// Windows of creation time: the service lists at most MaxListItems items a
// query (page*limit), so a longer list is cut into windows of created that
// each count at most that, and each window is listed as a list of its own.
//
//   - The windows cover the creation times of the first and last item
//     (asked with order=created asc|desc, limit=1), cut evenly so that each
//     would hold three quarters of MaxListItems if items were spread evenly;
//     every window is counted (in parallel, within the in-flight limit) and a
//     window that counts more than MaxListItems is cut in two at its middle
//     second, again, until every window fits.
//   - Bounds are inclusive (created=a~b, to the second) and windows do not
//     overlap; the last is open-ended (created=>a), so items created while
//     the list loads fall in it and are listed. Items are delivered once by
//     id, whatever the windows and pages return twice.
//   - A single second holding more than MaxListItems items cannot be cut by
//     time: its window lists its first MaxListItems items, and Page.Total
//     still counts them all, so the caller sees that the list is short
//     ("N listed of M") instead of a silent gap.

// window is a range of creation times, from and to both included; an open
// window has no end.
type window struct {
	from, to time.Time
	open     bool
	count    int
}

// param is the created filter of the window.
func (w window) param() string {
	if w.open {
		return ">" + FormatTime(w.from)
	}
	return FormatTime(w.from) + "~" + FormatTime(w.to)
}

// listWindows lists every window of the request, at most MaxInFlight
// requests at once over all of them; the first window's pages are numbered
// from first+1 on.
func (c *Client) listWindows(ctx context.Context, req ListRequest, t *tally, first int) error {
	windows, err := c.planWindows(ctx, req, t.total)
	if err != nil {
		return err
	}
	t.mu.Lock()
	sum := 0
	for _, w := range windows {
		sum += w.count
	}
	t.total = max(t.total, sum)
	t.mu.Unlock()
	return eachParallel(ctx, len(windows), func(ctx context.Context, i int) error {
		w := windows[i]
		q := pageQuery(req)
		q.Set("created", w.param())
		l := &lister{c: c, kind: req.Kind, query: q, base: first + i*maxPages, t: t}
		return l.rest(ctx, 1, min(max(1, (w.count+PageSize-1)/PageSize), maxPages))
	})
}

// planWindows cuts the creation times of the request's items into windows
// that each count at most MaxListItems, in creation order.
func (c *Client) planWindows(ctx context.Context, req ListRequest, total int) ([]window, error) {
	var lo, hi time.Time
	err := eachParallel(ctx, 2, func(ctx context.Context, i int) error {
		var err error
		if i == 0 {
			lo, err = c.createdEdge(ctx, req, "asc")
		} else {
			hi, err = c.createdEdge(ctx, req, "desc")
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	n := max(1, (total+MaxListItems*3/4-1)/(MaxListItems*3/4))
	span := hi.Sub(lo) + time.Second
	step := max(time.Second, (span / time.Duration(n)).Truncate(time.Second))
	var starts []window
	for from := lo; !from.After(hi); from = from.Add(step) {
		starts = append(starts, window{from: from, to: from.Add(step - time.Second)})
	}
	last := &starts[len(starts)-1]
	last.to, last.open = hi, true
	parts := make([][]window, len(starts))
	err = eachParallel(ctx, len(starts), func(ctx context.Context, i int) error {
		var err error
		parts[i], err = c.settle(ctx, req, starts[i])
		return err
	})
	if err != nil {
		return nil, err
	}
	return slices.Concat(parts...), nil
}

// settle counts a window and cuts it in two while it counts more than
// MaxListItems and spans more than one second.
func (c *Client) settle(ctx context.Context, req ListRequest, w window) ([]window, error) {
	f := make(url.Values, len(req.Filter)+1)
	for k, v := range req.Filter {
		f[k] = v
	}
	f.Set("created", w.param())
	n, err := c.Count(ctx, req.WorkspaceID, req.Kind, f)
	if err != nil {
		return nil, Errorf("count %s created %s: %w", kinds(req.Kind), w.param(), err)
	}
	w.count = n
	if n <= MaxListItems || !w.to.After(w.from) {
		return []window{w}, nil
	}
	mid := w.from.Add((w.to.Sub(w.from) / 2).Truncate(time.Second))
	halves := [2]window{{from: w.from, to: mid}, {from: mid.Add(time.Second), to: w.to, open: w.open}}
	var parts [2][]window
	err = eachParallel(ctx, 2, func(ctx context.Context, i int) error {
		var err error
		parts[i], err = c.settle(ctx, req, halves[i])
		return err
	})
	if err != nil {
		return nil, err
	}
	return append(parts[0], parts[1]...), nil
}

// createdEdge is the creation time of the first (asc) or last (desc) item of
// the request.
func (c *Client) createdEdge(ctx context.Context, req ListRequest, dir string) (time.Time, error) {
	op := Say("list %s (created %s)", kinds(req.Kind), dir)
	q := listQuery(req.WorkspaceID, req.Filter)
	q.Set("order", "created "+dir)
	q.Set("limit", "1")
	q.Set("page", "1")
	q.Set("fields", "id,created")
	env, err := c.get(ctx, op, "/"+req.Kind.Path(), q)
	if err != nil {
		return time.Time{}, err
	}
	items, err := DecodeItems(req.Kind, env.Data)
	if err != nil {
		return time.Time{}, shapeError(op, env.Data, fmt.Sprintf(`a list of {"%s":{...}}`, req.Kind.Wrapper()), err)
	}
	if len(items) == 0 {
		return time.Time{}, (&Error{Kind: ErrShape, Op: op.String(), opWords: op}).saying(Say("the service counted items but listed none"))
	}
	t, err := ParseTime(items[0].Created)
	if err != nil {
		return time.Time{}, (&Error{Kind: ErrShape, Op: op.String(), opWords: op}).saying(Say("item %s has no readable created time (%q)", items[0].ID, items[0].Created))
	}
	return t, nil
}

// eachParallel runs fn for 0..n-1 at once and returns the first error; the
// first failure cancels the others' context.
func eachParallel(ctx context.Context, n int, fn func(ctx context.Context, i int) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		wg       sync.WaitGroup
		once     sync.Once
		firstErr error
	)
	for i := range n {
		wg.Go(func() {
			if err := fn(ctx, i); err != nil {
				once.Do(func() { firstErr = err })
				cancel()
			}
		})
	}
	wg.Wait()
	return firstErr
}
