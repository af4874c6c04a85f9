package api

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// NewItem is an item to create.
type NewItem struct {
	Kind          Kind
	WorkspaceID   int64
	Title         string            // sent as name (story/task) or title (bug)
	PriorityLabel string            // sent as priority_label; "" = not sent
	Creator       string            // sent as creator (story/task) or reporter (bug)
	Fields        map[string]string // any other fields ("title" is the kind's title field)
}

// Create creates a story, bug or task and returns it as the service stored it.
// A failed create is never retried; see MaybeApplied.
func (c *Client) Create(ctx context.Context, n NewItem) (Item, error) {
	op := Say("create %s", n.Kind)
	if err := checkTarget(op, n.Kind, n.WorkspaceID); err != nil {
		return Item{}, err
	}
	if strings.TrimSpace(n.Title) == "" {
		return Item{}, invalid(op, Say("a title is required"))
	}
	form, err := writeForm(op, n.Kind, n.Fields, "id")
	if err != nil {
		return Item{}, err
	}
	form.Set("workspace_id", strconv.FormatInt(n.WorkspaceID, 10))
	form.Set(n.Kind.TitleField(), n.Title)
	if label := NormalizePriority(n.PriorityLabel); label != "" {
		form.Set("priority_label", label)
	}
	if n.Creator != "" {
		form.Set(n.Kind.CreatorField(), n.Creator)
	}
	return c.post(ctx, op, n.Kind, form)
}

// UpdatePriority sets an item's priority: it sends workspace_id, id,
// priority_label (as displayed, no mapping) and current_user, never the
// legacy priority.
func (c *Client) UpdatePriority(ctx context.Context, workspaceID int64, kind Kind, id, label, currentUser string) (Item, error) {
	// An empty label clears the priority where the service allows it; where
	// it does not, its refusal says why.
	return c.Update(ctx, workspaceID, kind, id, map[string]string{"priority_label": NormalizePriority(label)}, currentUser)
}

// Update sets other fields of an item ("title" is sent as the kind's title
// field). It refuses the legacy "priority" (use UpdatePriority), "id" and
// "workspace_id" keys. A failed update is never retried; see MaybeApplied.
func (c *Client) Update(ctx context.Context, workspaceID int64, kind Kind, id string, fields map[string]string, currentUser string) (Item, error) {
	op := Say("update %s %s", kind, id)
	if err := checkTarget(op, kind, workspaceID); err != nil {
		return Item{}, err
	}
	if strings.TrimSpace(id) == "" {
		return Item{}, invalid(op, Say("the item id is empty"))
	}
	if len(fields) == 0 {
		return Item{}, invalid(op, Say("there is nothing to update"))
	}
	form, err := writeForm(op, kind, fields, "id", "workspace_id")
	if err != nil {
		return Item{}, err
	}
	form.Set("workspace_id", strconv.FormatInt(workspaceID, 10))
	form.Set("id", id)
	if currentUser != "" && form.Get("current_user") == "" {
		form.Set("current_user", currentUser)
	}
	return c.post(ctx, op, kind, form)
}

// post sends a write and reads the item it returns.
func (c *Client) post(ctx context.Context, op Message, kind Kind, form url.Values) (Item, error) {
	env, err := c.do(ctx, call{op: op, method: http.MethodPost, path: "/" + kind.Path(), params: form})
	if err != nil {
		return Item{}, err
	}
	it, err := DecodeItem(kind, env.Data)
	if err != nil || it.ID == "" {
		e := shapeError(op, env.Data, fmt.Sprintf(`{"%s":{...}} with an id`, kind.Wrapper()), err)
		e.maybeApplied = true
		return Item{}, e
	}
	return it, nil
}

// writeForm turns fields into a form, naming the title by kind and refusing
// the legacy priority and the given reserved keys.
func writeForm(op Message, kind Kind, fields map[string]string, reserved ...string) (url.Values, error) {
	form := make(url.Values, len(fields)+4)
	for k, v := range fields {
		key := strings.TrimSpace(k)
		if key == "priority" {
			return nil, invalid(op, Say(`the legacy "priority" field is not written; set priority_label`))
		}
		for _, r := range reserved {
			if key == r {
				return nil, invalid(op, Say("the %q field cannot be set here", key))
			}
		}
		if key == "" {
			return nil, invalid(op, Say("a field has no name"))
		}
		if key == "title" {
			key = kind.TitleField()
		}
		form.Set(key, v)
	}
	return form, nil
}

// checkTarget refuses an unknown kind or a missing workspace before sending.
func checkTarget(op Message, kind Kind, workspaceID int64) error {
	if kind != Story && kind != Bug && kind != Task {
		return invalid(op, Say("unknown kind %s", kind))
	}
	if workspaceID <= 0 {
		return invalid(op, Say("a workspace is required"))
	}
	return nil
}

// invalid is a request refused by the client before sending.
func invalid(op, msg Message) *Error {
	return &Error{Kind: ErrValidation, Op: op.String(), opWords: op, Info: msg.String(), infoWords: msg}
}
