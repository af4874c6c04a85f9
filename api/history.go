package api

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"time"
)

// The service's change history of items: story_changes and task_changes
// (one WorkitemChange a write, with every field it changed) and bug_changes
// (one BugChange a field). Shapes: TAPD's story/get_story_changes,
// task/get_task_changes and bug/get_bug_changes doc pages.

// ItemChange is one recorded change of an item: who made it, when (in the
// service's time), and each field's value before and after.
type ItemChange struct {
	ID      string        `json:"id"`
	Kind    Kind          `json:"kind"`
	ItemID  string        `json:"item_id"`
	Author  string        `json:"author"`
	Created string        `json:"created"`
	Fields  []FieldChange `json:"fields"`
}

// FieldChange is one field of a change. Before and After are the values the
// service stores (a status's code); their names, when the service gives
// them, are BeforeName and AfterName.
type FieldChange struct {
	Field      string `json:"field"`
	Label      string `json:"label,omitempty"`
	Before     string `json:"before"`
	After      string `json:"after"`
	BeforeName string `json:"before_name,omitempty"`
	AfterName  string `json:"after_name,omitempty"`
}

// Time is when the change was made, or the zero time when the service's
// time cannot be read.
func (c ItemChange) Time() time.Time {
	t, _ := ParseTime(c.Created)
	return t
}

// Most changes a page of each history lists.
const (
	changePage    = 100
	bugChangePage = 200
)

// ItemChanges lists the changes of a kind's items in a workspace made at or
// after since, oldest first, every page of them.
func (c *Client) ItemChanges(ctx context.Context, workspaceID int64, kind Kind, since time.Time) ([]ItemChange, error) {
	q, limit := changesQuery(workspaceID, kind, since)
	return c.changePages(ctx, kind, q, limit, nil)
}

// changesQuery asks a kind's history of a workspace for the changes made
// at or after since, oldest first, a bug's creation among them, and the
// most a page of that history lists.
func changesQuery(workspaceID int64, kind Kind, since time.Time) (url.Values, int) {
	limit := changePage
	q := workspaceQuery(workspaceID)
	q.Set("created", ">="+FormatTime(since))
	q.Set("order", "created asc")
	if kind == Bug {
		limit = bugChangePage
		q.Set("include_add_bug", "1")
	}
	q.Set("limit", strconv.Itoa(limit))
	return q, limit
}

// changePages reads every page of the history q asks for onto out.
func (c *Client) changePages(ctx context.Context, kind Kind, q url.Values, limit int, out []ItemChange) ([]ItemChange, error) {
	op := Say("read the %s change history", kind)
	for page := 1; ; page++ {
		q.Set("page", strconv.Itoa(page))
		got, err := c.changePage(ctx, op, kind, q)
		if err != nil {
			return nil, err
		}
		out = append(out, got...)
		if len(got) < limit {
			return out, nil
		}
	}
}

// changePage reads one page of a history.
func (c *Client) changePage(ctx context.Context, op Message, kind Kind, q url.Values) ([]ItemChange, error) {
	env, err := c.get(ctx, op, "/"+kind.String()+"_changes", q)
	if err != nil {
		return nil, err
	}
	if isEmptyList(env.Data) {
		return nil, nil
	}
	var rows []struct {
		Workitem *workitemChange `json:"WorkitemChange"`
		Bug      *bugChange      `json:"BugChange"`
	}
	if err := json.Unmarshal(env.Data, &rows); err != nil {
		return nil, shapeError(op, env.Data, "a list of changes", err)
	}
	out := make([]ItemChange, 0, len(rows))
	for _, r := range rows {
		switch {
		case r.Workitem != nil:
			out = append(out, r.Workitem.change(kind))
		case r.Bug != nil:
			out = append(out, r.Bug.change())
		}
	}
	return out, nil
}

// workitemChange is an entry of story_changes and task_changes.
type workitemChange struct {
	ID           string        `json:"id"`
	Creator      string        `json:"creator"`
	Created      string        `json:"created"`
	Changes      string        `json:"changes"`
	FieldChanges []fieldChange `json:"field_changes"`
	StoryID      string        `json:"story_id"`
	TaskID       string        `json:"task_id"`
}

// fieldChange is an entry of field_changes, or of the changes text.
type fieldChange struct {
	Field             string  `json:"field"`
	FieldLabel        string  `json:"field_label"`
	ValueBefore       *string `json:"value_before"`
	ValueAfter        *string `json:"value_after"`
	ValueBeforeParsed *string `json:"value_before_parsed"`
	ValueAfterParsed  *string `json:"value_after_parsed"`
}

func (w *workitemChange) change(kind Kind) ItemChange {
	out := ItemChange{ID: w.ID, Kind: kind, ItemID: w.StoryID, Author: w.Creator, Created: w.Created}
	if kind == Task {
		out.ItemID = w.TaskID
	}
	fields := w.FieldChanges
	if len(fields) == 0 && w.Changes != "" {
		_ = json.Unmarshal([]byte(w.Changes), &fields) // without field_changes; unreadable text lists no field
	}
	for _, f := range fields {
		out.Fields = append(out.Fields, FieldChange{
			Field: f.Field, Label: f.FieldLabel, Before: deref(f.ValueBefore), After: deref(f.ValueAfter),
			BeforeName: deref(f.ValueBeforeParsed), AfterName: deref(f.ValueAfterParsed),
		})
	}
	return out
}

// bugChange is an entry of bug_changes: one field.
type bugChange struct {
	ID       string  `json:"id"`
	BugID    string  `json:"bug_id"`
	Author   string  `json:"author"`
	Field    string  `json:"field"`
	OldValue *string `json:"old_value"`
	NewValue *string `json:"new_value"`
	Created  string  `json:"created"`
}

func (b *bugChange) change() ItemChange {
	out := ItemChange{ID: b.ID, Kind: Bug, ItemID: b.BugID, Author: b.Author, Created: b.Created}
	if b.Field != "" {
		out.Fields = []FieldChange{{Field: b.Field, Before: deref(b.OldValue), After: deref(b.NewValue)}}
	}
	return out
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
