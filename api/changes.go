package api

import (
	"context"
	"net/url"
	"time"
)

// Changes is what a refresh asks of the service: the items modified since a
// time, and how many items the list holds now.
type Changes struct {
	// Items were modified at or after the time asked, oldest change first
	// (within each window of created, when more than MaxListItems changed).
	Items []Item
	Total int // the count of the whole list (the request's filter), when Counted
	// Counted says Total was asked (Changes); Modified does not count.
	Counted bool
	// Newest is the newest modified time of Items, in the service's format
	// and clock; "" when Items is empty.
	Newest string
}

// Changes lists the items of req modified at or after since (modified=>since,
// order=modified asc, to the second, in the service's local time) and counts
// the whole list, at once. Since comes from the service's own times (a sync
// point, see Changes.Newest), less a margin: the service's clock is not ours.
// A caller compares Total with the items it holds to notice deletions, which
// no list reports.
func (c *Client) Changes(ctx context.Context, req ListRequest, since time.Time) (Changes, error) {
	var out Changes
	err := eachParallel(ctx, 2, func(ctx context.Context, i int) error {
		if i == 0 {
			var err error
			out.Total, err = c.Count(ctx, req.WorkspaceID, req.Kind, req.Filter)
			return err
		}
		ch, err := c.Modified(ctx, req, since)
		out.Items, out.Newest = ch.Items, ch.Newest
		return err
	})
	if err != nil {
		return Changes{}, err
	}
	out.Counted = true
	return out, nil
}

// Modified is Changes without the count: the items modified since, one
// request a page of PageSize and no more (a start that finds nothing changed
// asks once). Deletions go unnoticed: the caller counts when it must.
func (c *Client) Modified(ctx context.Context, req ListRequest, since time.Time) (Changes, error) {
	changed := req
	changed.Filter = make(url.Values, len(req.Filter)+1)
	for k, v := range req.Filter {
		changed.Filter[k] = v
	}
	changed.Filter.Set("modified", ">"+FormatTime(since))
	changed.Order = "modified asc"
	var out Changes
	t := &tally{seen: map[string]bool{}, onPage: func(p Page) { out.Items = append(out.Items, p.Items...) }}
	l := &lister{c: c, kind: req.Kind, query: pageQuery(changed), t: t}
	if err := l.rest(ctx, 1, 1); err != nil {
		return Changes{}, err
	}
	if l.shortAt == 0 { // every page full: more changed than one query lists
		items, err := c.List(ctx, changed)
		if err != nil {
			return Changes{}, err
		}
		out.Items = items
	}
	for i := range out.Items {
		out.Newest = max(out.Newest, out.Items[i].Modified)
	}
	return out, nil
}
