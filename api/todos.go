package api

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// A person's to-dos and what changed since a time, for "my work" across
// workspaces. TAPD's pages:
//   - user/get_user_todo_story (…_bug, …_task): GET
//     /user_oauth/get_user_todo_{story|bug|task} with workspace_id (required),
//     user, limit (30, at most 200), page, order, fields; the open items the
//     user owns (a bug's current_owner), as /stories lists them.
//   - the to-do interfaces take no modified filter, so a refresh asks the
//     kind's list for the items modified since a time (ModifiedSince) and
//     decides itself which of them are still to-dos.

// TodoPath is the path of the to-dos of a kind: /user_oauth/get_user_todo_story.
func TodoPath(kind Kind) string { return "/user_oauth/get_user_todo_" + kind.String() }

// Todos lists the open items of a kind in a workspace that user owns (the
// token's user when user is ""), page by page until a short page: one
// request for up to PageSize to-dos. fields trims the items (nil: all).
func (c *Client) Todos(ctx context.Context, workspaceID int64, kind Kind, user string, fields []string) ([]Item, error) {
	q := workspaceQuery(workspaceID)
	if user != "" {
		q.Set("user", user)
	}
	setFields(q, fields)
	q.Set("order", "modified desc")
	op := Say("list the %s waiting on you", kinds(kind))
	if user != "" {
		op = Say("list the %s waiting on %s", kinds(kind), user)
	}
	return c.readPages(ctx, op, TodoPath(kind), kind, q)
}

// ModifiedSince lists the items of a kind in a workspace modified after
// since (modified=>since, oldest change first), page by page until a short
// page: one request when fewer than PageSize changed. It counts nothing,
// unlike Changes: a caller that holds only some of the items (its to-dos)
// has no count to compare.
func (c *Client) ModifiedSince(ctx context.Context, workspaceID int64, kind Kind, since time.Time, fields []string) ([]Item, error) {
	q := workspaceQuery(workspaceID)
	q.Set("modified", ">"+FormatTime(since))
	q.Set("order", "modified asc")
	setFields(q, fields)
	return c.readPages(ctx, Say("list the %s changed since %s", kinds(kind), FormatTime(since)), "/"+kind.Path(), kind, q)
}

// readPages reads the pages of a list query from page 1 until a short
// page, at most maxPages, without repeating an item.
func (c *Client) readPages(ctx context.Context, op Message, path string, kind Kind, q url.Values) ([]Item, error) {
	q.Set("limit", strconv.Itoa(PageSize))
	var out []Item
	seen := map[string]bool{}
	for p := 1; p <= maxPages; p++ {
		q.Set("page", strconv.Itoa(p))
		env, err := c.do(ctx, call{op: Say("%s (page %d)", op, p), method: http.MethodGet, path: path, params: q})
		if err != nil {
			return nil, err
		}
		items, err := DecodeItems(kind, env.Data)
		if err != nil {
			return nil, shapeError(op, env.Data, fmt.Sprintf(`a list of {"%s":{...}}`, kind.Wrapper()), err)
		}
		for _, it := range items {
			if !seen[it.ID] {
				seen[it.ID] = true
				out = append(out, it)
			}
		}
		if len(items) < PageSize {
			break
		}
	}
	return out, nil
}

// setFields asks for fields (and the id) when any are named.
func setFields(q url.Values, fields []string) {
	if len(fields) == 0 {
		return
	}
	if !strings.Contains(","+strings.Join(fields, ",")+",", ",id,") {
		fields = append([]string{"id"}, fields...)
	}
	q.Set("fields", strings.Join(fields, ","))
}
