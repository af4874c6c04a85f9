package api

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
)

// Comment is a comment on an item, as GET /comments lists it
// (open.tapd.cn: comment/get_comments).
type Comment struct {
	ID          string `json:"id"`
	Author      string `json:"author"`
	Description string `json:"description"` // rich text
	Created     string `json:"created"`
	ReplyID     string `json:"reply_id,omitempty"`
}

// CommentEntryType is the entry_type naming comments on items of kind k.
func CommentEntryType(k Kind) string {
	switch k {
	case Bug:
		return "bug"
	case Task:
		return "tasks"
	}
	return "stories"
}

// Comments reads the comments on an item, oldest first, up to MaxListItems.
func (c *Client) Comments(ctx context.Context, workspaceID int64, kind Kind, itemID string) ([]Comment, error) {
	op := fmt.Sprintf("read the comments of %s %s", kind, itemID)
	var out []Comment
	for page := 1; page <= maxPages; page++ {
		q := workspaceQuery(workspaceID)
		q.Set("entry_type", CommentEntryType(kind))
		q.Set("entry_id", strings.TrimSpace(itemID))
		q.Set("order", "created asc")
		q.Set("limit", fmt.Sprint(PageSize))
		q.Set("page", fmt.Sprint(page))
		env, err := c.get(ctx, op, "/comments", q)
		if err != nil {
			return nil, err
		}
		if isEmptyList(env.Data) {
			break
		}
		var rows []map[string]map[string]json.RawMessage
		if err := json.Unmarshal(env.Data, &rows); err != nil {
			return nil, shapeError(op, env.Data, `a list of {"Comment":{...}}`, err)
		}
		for _, row := range rows {
			f := row["Comment"]
			text := func(name string) string {
				s, _ := flexText(f[name])
				return s
			}
			out = append(out, Comment{ID: text("id"), Author: text("author"), Description: text("description"),
				Created: text("created"), ReplyID: text("reply_id")})
		}
		if len(rows) < PageSize {
			break
		}
	}
	return out, nil
}
