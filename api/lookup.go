package api

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Lookups the outbox makes before it sends an edit again: the item as the
// service has it now, and whether a create that may have failed was applied.
// Both are reads, retried like every read.

// Get reads one item with all its fields. The service answers a lookup by id
// with a list; an id it does not list is an error of kind ErrNotFound.
func (c *Client) Get(ctx context.Context, workspaceID int64, kind Kind, id string) (Item, error) {
	id = strings.TrimSpace(id)
	op := Say("read %s %s", kind, id)
	if err := checkTarget(op, kind, workspaceID); err != nil {
		return Item{}, err
	}
	if id == "" {
		return Item{}, invalid(op, Say("the item id is empty"))
	}
	q := workspaceQuery(workspaceID)
	q.Set("id", id)
	env, err := c.get(ctx, op, "/"+kind.Path(), q)
	if err != nil {
		return Item{}, err
	}
	items, err := DecodeItems(kind, env.Data)
	if err != nil {
		return Item{}, shapeError(op, env.Data, fmt.Sprintf(`a list of {"%s":{...}}`, kind.Wrapper()), err)
	}
	for _, it := range items {
		if it.ID == id {
			return it, nil
		}
	}
	missing := &Error{Kind: ErrNotFound, Op: op.String(), opWords: op}
	return Item{}, missing.saying(Say("workspace %d has no %s %s; it may have been deleted or moved", workspaceID, kind, id))
}

// GetMany reads items of one kind by id with all their fields, in one
// request per PageSize ids (id=a,b,c). The answer leaves out the ids the
// service does not list, and holds each item once.
func (c *Client) GetMany(ctx context.Context, workspaceID int64, kind Kind, ids []string) ([]Item, error) {
	op := Say("read %d %s", len(ids), kinds(kind))
	if len(ids) == 1 {
		op = Say("read 1 %s", kind)
	}
	if err := checkTarget(op, kind, workspaceID); err != nil {
		return nil, err
	}
	want := make(map[string]bool, len(ids))
	list := make([]string, 0, len(ids))
	for _, id := range ids {
		id = strings.TrimSpace(id)
		if id == "" || want[id] {
			continue
		}
		want[id] = true
		list = append(list, id)
	}
	out := make([]Item, 0, len(list))
	for chunk := range slices.Chunk(list, PageSize) {
		q := workspaceQuery(workspaceID)
		q.Set("id", strings.Join(chunk, ","))
		q.Set("limit", strconv.Itoa(PageSize))
		env, err := c.get(ctx, op, "/"+kind.Path(), q)
		if err != nil {
			return nil, err
		}
		items, err := DecodeItems(kind, env.Data)
		if err != nil {
			return nil, shapeError(op, env.Data, fmt.Sprintf(`a list of {"%s":{...}}`, kind.Wrapper()), err)
		}
		for _, it := range items {
			if want[it.ID] {
				want[it.ID] = false
				out = append(out, it)
			}
		}
	}
	return out, nil
}

// FindCreated reports whether a create was applied: it returns the newest
// item of kind whose title is title (white space around it aside), made by
// creator (a nick, with or without the service's trailing ";"; "" for anyone)
// at or after after (to the second; the service's times are its local time,
// see ParseTime). It asks the service to filter by title and creator, newest
// first, and checks each answer itself: the service matches a title whole (or
// as a "%" pattern, see titleFilter) and nicks within a list of nicks. Items whose created time
// cannot be read are passed over.
func (c *Client) FindCreated(ctx context.Context, workspaceID int64, kind Kind, title, creator string, after time.Time) (Item, bool, error) {
	op := Say("look for a created %s", kind)
	if err := checkTarget(op, kind, workspaceID); err != nil {
		return Item{}, false, err
	}
	title = strings.TrimSpace(title)
	if title == "" {
		return Item{}, false, invalid(op, Say("a title is required"))
	}
	nick := trimNick(creator)
	q := workspaceQuery(workspaceID)
	q.Set(kind.TitleField(), titleFilter(title))
	if nick != "" {
		q.Set(kind.CreatorField(), nick)
	}
	q.Set("order", "created desc")
	q.Set("limit", strconv.Itoa(PageSize))
	since := after.Truncate(time.Second)
	var (
		best      Item
		bestTime  time.Time
		found     bool
		pageLabel = op
	)
	for page := 1; page <= maxPages; page++ {
		q.Set("page", strconv.Itoa(page))
		if page > 1 {
			pageLabel = Say("%s (page %d)", op, page)
		}
		env, err := c.get(ctx, pageLabel, "/"+kind.Path(), q)
		if err != nil {
			return Item{}, false, err
		}
		items, err := DecodeItems(kind, env.Data)
		if err != nil {
			return Item{}, false, shapeError(pageLabel, env.Data, fmt.Sprintf(`a list of {"%s":{...}}`, kind.Wrapper()), err)
		}
		older := false
		for _, it := range items {
			created, err := ParseTime(it.Created)
			if err != nil {
				continue
			}
			if created.Before(since) {
				older = true
				continue
			}
			if strings.TrimSpace(it.Title) != title || !madeBy(it.Creator, nick) {
				continue
			}
			if !found || newer(it, created, best, bestTime) {
				best, bestTime, found = it, created, true
			}
		}
		// Newest first: past an item older than since, every item is older.
		if older || len(items) < PageSize {
			break
		}
	}
	return best, found, nil
}

// trimNick is a nick without the ";" the service writes after each one.
func trimNick(s string) string {
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), ";"))
}

// madeBy reports whether nick is one of the ";"-joined nicks of people; an
// empty nick matches anyone.
func madeBy(people, nick string) bool {
	if nick == "" {
		return true
	}
	for p := range strings.SplitSeq(people, ";") {
		if strings.TrimSpace(p) == nick {
			return true
		}
	}
	return false
}

// newer reports whether a, created at at, is newer than b, created at bt:
// by time, then (same second) by id, as the service numbers items in order.
func newer(a Item, at time.Time, b Item, bt time.Time) bool {
	if c := at.Compare(bt); c != 0 {
		return c > 0
	}
	if len(a.ID) != len(b.ID) {
		return len(a.ID) > len(b.ID)
	}
	return cmp.Compare(a.ID, b.ID) > 0
}

// titleFilter is the filter that finds title: the title itself, or, when it
// holds "|" (which the service reads as "either value"), its longest run
// without one between "%" wildcards.
func titleFilter(title string) string {
	if !strings.Contains(title, "|") {
		return title
	}
	longest := ""
	for part := range strings.SplitSeq(title, "|") {
		if part = strings.TrimSpace(part); len(part) > len(longest) {
			longest = part
		}
	}
	return "%" + longest + "%"
}
