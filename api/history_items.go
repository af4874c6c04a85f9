package api

import (
	"context"
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
	q, limit := changesQuery(workspaceID, kind, since)
	var (
		out []ItemChange
		err error
	)
	for len(ids) > 0 {
		n := min(len(ids), ChangeIDsPerRead)
		q.Set(kind.String()+"_id", strings.Join(ids[:n], ","))
		ids = ids[n:]
		if out, err = c.changePages(ctx, kind, q, limit, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}
