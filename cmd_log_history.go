package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"triage/api"
	"triage/store"
)

// `triage log` reads the service's change history (TAPD's story_changes,
// bug_changes and task_changes) of the workspaces it covers, and marks the
// changes this machine's edits made; the edits the service has not taken
// (waiting, refused) are listed beside them. Without the history (not
// logged in, or a service that does not keep one) it lists this machine's
// edits only, and says so.

// history is what the service said about a log's workspaces.
type history struct {
	changes []api.ItemChange
	titles  map[string]string // item id → title
	names   map[int64]string  // workspace id → name
	wsOf    map[string]int64  // change id → workspace id
	user    string            // the nick of the login, whose changes are "you"
	err     error             // why there is no history; nil when read
}

// readHistory reads the history of the workspaces the log covers: the one
// asked for (--workspace, TRIAGE_WORKSPACE, the last opened), else those of
// this machine's edits, else the one a browser login was granted.
func (c *cli) readHistory(ctx context.Context, s *setup, edits []store.Edit, since time.Time) history {
	sess, err := s.session(ctx)
	if err != nil {
		return history{err: err}
	}
	if sess.Expired(time.Now()) {
		return history{err: fmt.Errorf("the login has expired; %s", strings.TrimPrefix(statusReport{sess: sess, fromEnv: s.fromEnv(sess)}.renew(), "Run: "))}
	}
	var workspaces []int64
	switch {
	case s.cfg.Workspace != 0:
		workspaces = []int64{s.cfg.Workspace}
	case len(edits) > 0:
		for _, e := range edits {
			if !slices.Contains(workspaces, e.WorkspaceID) {
				workspaces = append(workspaces, e.WorkspaceID)
			}
		}
	case sess.WorkspaceID != 0:
		workspaces = []int64{sess.WorkspaceID}
	default:
		return history{err: errors.New("no workspace to read: pass --workspace ID")}
	}
	client := api.NewClient(s.cfg.BaseURL, sess.Authorizer(), api.WithUserAgent("triage/"+version))
	h := history{titles: map[string]string{}, names: map[int64]string{}, wsOf: map[string]int64{}, user: sess.Nick}
	if h.user == "" {
		h.user = sess.APIUser
	}
	for _, ws := range workspaces {
		if err := h.read(ctx, client, ws, since); err != nil {
			return history{err: err}
		}
	}
	slices.SortStableFunc(h.changes, func(a, b api.ItemChange) int { return a.Time().Compare(b.Time()) })
	return h
}

// read adds one workspace's history, its name and the titles of its items.
func (h *history) read(ctx context.Context, client *api.Client, ws int64, since time.Time) error {
	if info, err := client.WorkspaceInfo(ctx, ws); err == nil && info.Name != "" {
		h.names[ws] = string(info.Name)
	}
	for _, kind := range api.Kinds {
		changes, err := client.ItemChanges(ctx, ws, kind, since)
		if err != nil {
			return err
		}
		var ids []string
		for _, ch := range changes {
			h.wsOf[ch.ID] = ws
			if !slices.Contains(ids, ch.ItemID) {
				ids = append(ids, ch.ItemID)
			}
		}
		if len(ids) > 0 {
			items, err := client.GetMany(ctx, ws, kind, ids)
			if err != nil {
				return err
			}
			for _, it := range items {
				h.titles[it.ID] = it.Title
			}
		}
		h.changes = append(h.changes, changes...)
	}
	return nil
}

// mine pairs each service change with the edit of this machine that made
// it, if any: same item, and the field it changed now holds the edit's value.
func (h history) mine(edits []store.Edit) map[string]int {
	out := map[string]int{} // change id → index in edits
	taken := map[int]bool{}
	for _, ch := range h.changes {
		for i, e := range edits {
			if !taken[i] && e.State == store.StateSent && madeBy(ch, e) {
				out[ch.ID], taken[i] = i, true
				break
			}
		}
	}
	return out
}

// madeBy reports whether a service change is what an edit did.
func madeBy(ch api.ItemChange, e store.Edit) bool {
	item, field, value := e.ItemID, "priority_label", e.To
	switch e.Op {
	case store.OpCreate:
		item, field, value = e.ResultItemID, "status", ""
	case store.OpTitle:
		field = e.Kind.TitleField()
	}
	if item != ch.ItemID || ch.Kind != e.Kind {
		return false
	}
	for _, f := range ch.Fields {
		if f.Field == field && (e.Op == store.OpCreate && f.Before == "" || e.Op != store.OpCreate && f.After == value) {
			return true
		}
	}
	return false
}

// rows lays out the log: without the history, this machine's edits; with
// it, every change on the service (this machine's edits as they were made,
// the others with who made them), then the edits the service has not taken.
func (h history) rows(edits []store.Edit, now time.Time) [][]string {
	if h.err != nil {
		return logRows(edits, now)
	}
	type row struct {
		at    time.Time
		cells []string
	}
	var rows []row
	mine := h.mine(edits)
	used := map[int]bool{}
	for _, ch := range h.changes {
		if i, ok := mine[ch.ID]; ok {
			used[i] = true
			e := edits[i]
			if name := h.names[e.WorkspaceID]; name != "" {
				e.WorkspaceName = name
			}
			cells := logRows([]store.Edit{e}, now)[1]
			cells[6] = "you · " + cells[6]
			rows = append(rows, row{e.CreatedAt, cells})
			continue
		}
		ws := h.wsOf[ch.ID]
		name := h.names[ws]
		if name == "" {
			name = strconv.FormatInt(ws, 10)
		}
		rows = append(rows, row{ch.Time(), []string{when(ch.Time(), now), "#" + api.ShortID(ch.ItemID), h.titles[ch.ItemID], ch.Kind.String(), name, fieldChanges(ch), "by " + orSomeone(ch.Author)}})
	}
	for i, e := range edits {
		if used[i] {
			continue
		}
		if name := h.names[e.WorkspaceID]; name != "" {
			e.WorkspaceName = name
		}
		cells := logRows([]store.Edit{e}, now)[1]
		cells[6] = "you · " + cells[6]
		rows = append(rows, row{e.CreatedAt, cells})
	}
	slices.SortStableFunc(rows, func(a, b row) int { return a.at.Compare(b.at) })
	out := [][]string{logColumns[:]}
	for _, r := range rows {
		out = append(out, r.cells)
	}
	return out
}

// when is a time as the log's first column shows it: the local hour, with
// the day when it is not today.
func when(t, now time.Time) string {
	at := t.Local()
	if at.Format(time.DateOnly) != now.Local().Format(time.DateOnly) {
		return at.Format("01-02 15:04")
	}
	return at.Format("15:04")
}

// fieldChanges describes a change made on the service: each field, from →
// to, with the names the service gives the values.
func fieldChanges(ch api.ItemChange) string {
	var parts []string
	labelled := slices.ContainsFunc(ch.Fields, func(f api.FieldChange) bool { return f.Field == "priority_label" })
	for _, f := range ch.Fields {
		if f.Field == "priority" && labelled {
			continue // the legacy priority beside priority_label
		}
		before, after := orName(f.BeforeName, f.Before), orName(f.AfterName, f.After)
		label := f.Field
		if label == "priority_label" {
			label = "priority"
		}
		part := label + " " + orNoneText(before) + " → " + orNoneText(after)
		if before == "" && f.Field == "status" {
			part = "created (" + orNoneText(after) + ")"
		}
		if !slices.Contains(parts, part) {
			parts = append(parts, part)
		}
	}
	return strings.Join(parts, "; ")
}

func orName(name, value string) string {
	if name != "" {
		return name
	}
	return value
}

func orNoneText(v string) string {
	if v == "" {
		return noPriority
	}
	return v
}

func orSomeone(nick string) string {
	if nick == "" {
		return "someone"
	}
	return nick
}

// writeJSON prints one JSON object a line: this machine's edits as the
// outbox keeps them, then the changes made on the service by others, with
// "source": "service".
func (h history) writeJSON(w io.Writer, edits []store.Edit) error {
	enc := json.NewEncoder(w)
	for _, e := range edits {
		if err := enc.Encode(e); err != nil {
			return err
		}
	}
	if h.err != nil {
		return nil
	}
	mine := h.mine(edits)
	for _, ch := range h.changes {
		if _, ok := mine[ch.ID]; ok {
			continue
		}
		out := struct {
			Source string `json:"source"`
			api.ItemChange
			WorkspaceID int64  `json:"workspace_id"`
			Title       string `json:"item_title,omitempty"`
		}{"service", ch, h.wsOf[ch.ID], h.titles[ch.ItemID]}
		if err := enc.Encode(out); err != nil {
			return err
		}
	}
	return nil
}
