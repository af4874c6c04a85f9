package api

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Comment is one comment on an item (TAPD's comment/get_comments). The
// description is HTML, as the service keeps it.
type Comment struct {
	ID          string `json:"id"`
	Title       string `json:"title,omitempty"`
	Description string `json:"description"` // rich text
	Author      string `json:"author"`
	EntryType   string `json:"entry_type,omitempty"`
	EntryID     string `json:"entry_id,omitempty"`
	Created     string `json:"created"`
	Modified    string `json:"modified,omitempty"`
	ReplyID     string `json:"reply_id,omitempty"`
}

// commentRecord is a comment as the service writes it: every value a
// string, a number or null.
type commentRecord struct {
	ID          FlexString `json:"id"`
	Title       FlexString `json:"title"`
	Description FlexString `json:"description"`
	Author      FlexString `json:"author"`
	EntryType   FlexString `json:"entry_type"`
	EntryID     FlexString `json:"entry_id"`
	Created     FlexString `json:"created"`
	Modified    FlexString `json:"modified"`
	ReplyID     FlexString `json:"reply_id"`
}

func (r commentRecord) comment() Comment {
	return Comment{ID: string(r.ID), Title: string(r.Title), Description: string(r.Description), Author: trimNick(string(r.Author)),
		EntryType: string(r.EntryType), EntryID: string(r.EntryID), Created: string(r.Created), Modified: string(r.Modified), ReplyID: string(r.ReplyID)}
}

// CommentEntryType is TAPD's entry_type of comments on items of kind k:
// stories, bug or tasks.
func CommentEntryType(k Kind) string {
	switch k {
	case Bug:
		return "bug"
	case Task:
		return "tasks"
	}
	return "stories"
}

// NewComment is a comment to add to an item.
type NewComment struct {
	WorkspaceID int64
	Kind        Kind
	ItemID      string
	Author      string // the writer's nick
	Text        string // HTML
}

// AddComment adds a comment to an item (POST /comments) and returns it as
// the service stored it. A failed add is never retried; see MaybeApplied.
func (c *Client) AddComment(ctx context.Context, n NewComment) (Comment, error) {
	op := Say("comment on %s %s", n.Kind, n.ItemID)
	if err := checkTarget(op, n.Kind, n.WorkspaceID); err != nil {
		return Comment{}, err
	}
	if strings.TrimSpace(n.ItemID) == "" || strings.TrimSpace(n.Text) == "" || strings.TrimSpace(n.Author) == "" {
		return Comment{}, invalid(op, Say("a comment needs an item, a text and an author"))
	}
	form := workspaceQuery(n.WorkspaceID)
	form.Set("entry_type", CommentEntryType(n.Kind))
	form.Set("entry_id", n.ItemID)
	form.Set("description", n.Text)
	form.Set("author", trimNick(n.Author))
	env, err := c.do(ctx, call{op: op, method: http.MethodPost, path: "/comments", params: form})
	if err != nil {
		return Comment{}, err
	}
	var wrapped struct {
		Comment commentRecord `json:"Comment"`
	}
	if err := env.DecodeData(&wrapped); err != nil || wrapped.Comment.ID == "" {
		e := shapeError(op, env.Data, `{"Comment":{...}} with an id`, err)
		e.maybeApplied = true
		return Comment{}, e
	}
	return wrapped.Comment.comment(), nil
}

// Comments reads the comments of an item, oldest first (GET /comments),
// every page of them.
func (c *Client) Comments(ctx context.Context, workspaceID int64, kind Kind, itemID string) ([]Comment, error) {
	op := Say("read the comments of %s %s", kind, itemID)
	if err := checkTarget(op, kind, workspaceID); err != nil {
		return nil, err
	}
	var out []Comment
	for page := 1; page <= maxPages; page++ {
		q := commentQuery(workspaceID, kind, itemID)
		q.Set("order", "created asc")
		q.Set("page", strconv.Itoa(page))
		list, err := c.comments(ctx, op, q)
		if err != nil {
			return nil, err
		}
		out = append(out, list...)
		if len(list) < PageSize {
			break
		}
	}
	return out, nil
}

// FindComment looks for a comment of author on an item with this text,
// written at or after after: was an add applied? The newest match wins.
func (c *Client) FindComment(ctx context.Context, workspaceID int64, kind Kind, itemID, author, text string, after time.Time) (Comment, bool, error) {
	op := Say("look for a comment on %s %s", kind, itemID)
	if err := checkTarget(op, kind, workspaceID); err != nil {
		return Comment{}, false, err
	}
	q := commentQuery(workspaceID, kind, itemID)
	q.Set("author", trimNick(author))
	q.Set("order", "created desc")
	list, err := c.comments(ctx, op, q)
	if err != nil {
		return Comment{}, false, err
	}
	since := after.Truncate(time.Second)
	for _, cm := range list {
		created, err := ParseTime(cm.Created)
		if err != nil || created.Before(since) {
			continue
		}
		if strings.TrimSpace(cm.Description) == strings.TrimSpace(text) && cm.Author == trimNick(author) {
			return cm, true, nil
		}
	}
	return Comment{}, false, nil
}

func commentQuery(workspaceID int64, kind Kind, itemID string) url.Values {
	q := workspaceQuery(workspaceID)
	q.Set("entry_type", CommentEntryType(kind))
	q.Set("entry_id", itemID)
	q.Set("limit", strconv.Itoa(PageSize))
	return q
}

// comments reads one page of comments.
func (c *Client) comments(ctx context.Context, op Message, q url.Values) ([]Comment, error) {
	env, err := c.get(ctx, op, "/comments", q)
	if err != nil {
		return nil, err
	}
	var raw []map[string]commentRecord
	if err := env.DecodeData(&raw); err != nil {
		return nil, shapeError(op, env.Data, `a list of {"Comment":{...}}`, err)
	}
	out := make([]Comment, 0, len(raw))
	for _, w := range raw {
		if r, ok := w["Comment"]; ok {
			out = append(out, r.comment())
		}
	}
	slices.SortStableFunc(out, func(a, b Comment) int { return strings.Compare(a.Created, b.Created) })
	if q.Get("order") == "created desc" {
		slices.Reverse(out)
	}
	return out, nil
}
