package api

import (
	"context"
	"strconv"
	"strings"
	"time"
)

// ChangeIDsPerRead is how many items one read of a change history names:
// TAPD's story_id, bug_id and task_id take several ids joined by ","
// (story/get_story_changes: 支持多ID查询), and a hundred 19-digit ids keep
// the address near 2,000 characters.
const ChangeIDsPerRead = 100

// ItemChangesOf lists the changes of the named items of a kind made at or
// after since, oldest first: one read (and its further pages) per
// ChangeIDsPerRead items, never the whole workspace's history. A bug's
// creation is listed too (include_add_bug=1), as the other kinds' are.
func (c *Client) ItemChangesOf(ctx context.Context, workspaceID int64, kind Kind, ids []string, since time.Time) ([]ItemChange, error) {
	op := Say("read the %s change history", kind)
	limit := changePage
	q := workspaceQuery(workspaceID)
	q.Set("created", ">="+FormatTime(since))
	q.Set("order", "created asc")
	if kind == Bug {
		limit = bugChangePage
		q.Set("include_add_bug", "1")
	}
	q.Set("limit", strconv.Itoa(limit))
	var out []ItemChange
	for len(ids) > 0 {
		n := min(len(ids), ChangeIDsPerRead)
		q.Set(kind.String()+"_id", strings.Join(ids[:n], ","))
		ids = ids[n:]
		for page := 1; ; page++ {
			q.Set("page", strconv.Itoa(page))
			got, err := c.changePage(ctx, op, kind, q)
			if err != nil {
				return nil, err
			}
			out = append(out, got...)
			if len(got) < limit {
				break
			}
		}
	}
	return out, nil
}
