package log

import (
	"context"
	"encoding/json"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/cli/wiring"
)

// `triage log` reads the service's change history (TAPD's story_changes,
// bug_changes and task_changes) of the workspaces it covers, and marks the
// changes this machine's edits made; the edits the service has not taken
// (waiting, refused) are listed beside them. Without the history (not
// logged in, or a service that does not keep one) it lists this machine's
// edits only, and says so.

// history is what the service said about a log's workspaces.
type history struct {
	changes []loggedChange
	titles  map[string]string // item id → title
	wsNames map[int64]string  // workspace id → name
	names   logNames          // what the values are called
	user    string            // the nick of the login, whose changes are "you"
	say     wiring.Words      // the log's own words: for a person, or a script (nil: a script)
	err     error             // why there is no history; nil when read
}

// loggedChange is a change of the service's history and its workspace.
type loggedChange struct {
	api.ItemChange
	ws int64
}

// readHistory reads the history of the workspaces the log covers: the one
// asked for (--workspace, TRIAGE_WORKSPACE, the last opened), else those of
// this machine's edits, else the one a browser login was granted.
func readHistory(c *wiring.Factory, ctx context.Context, s *wiring.Setup, edits []store.Edit, since time.Time) history {
	sess, err := s.Session(ctx)
	if err != nil {
		return history{err: err}
	}
	if sess.Expired(time.Now()) {
		return history{err: api.Errorf("the login has expired; %s", strings.TrimPrefix(wiring.Renew(sess, s.FromEnv(sess)), "Run: "))}
	}
	var workspaces []int64
	switch {
	case s.Config.Workspace != 0:
		workspaces = []int64{s.Config.Workspace}
	case len(edits) > 0:
		for _, e := range edits {
			if !slices.Contains(workspaces, e.WorkspaceID) {
				workspaces = append(workspaces, e.WorkspaceID)
			}
		}
	case sess.WorkspaceID != 0:
		workspaces = []int64{sess.WorkspaceID}
	default:
		return history{err: api.Errorf("no workspace to read: pass --workspace ID")}
	}
	client, closeBudget, err := s.NewClient(sess.Authorizer(), sess.Account(), c.Version, c.WaitTeller())
	if err != nil {
		return history{err: err}
	}
	defer closeBudget()
	h := history{titles: map[string]string{}, wsNames: map[int64]string{}, names: logNames{}, user: sess.Nick}
	if h.user == "" {
		h.user = sess.APIUser
	}
	for _, ws := range workspaces {
		if err := h.read(ctx, client, ws, since, edits); err != nil {
			return history{err: err}
		}
	}
	slices.SortStableFunc(h.changes, func(a, b loggedChange) int { return a.Time().Compare(b.Time()) })
	h.changes = mergeWrites(h.changes)
	return h
}

// read adds one workspace's history, its name, the titles of its items and
// the field information that names their values.
func (h *history) read(ctx context.Context, client *api.Client, ws int64, since time.Time, edits []store.Edit) error {
	if info, err := client.WorkspaceInfo(ctx, ws); err == nil && info.Name != "" {
		h.wsNames[ws] = string(info.Name)
	}
	for _, kind := range api.Kinds {
		changes, err := client.ItemChanges(ctx, ws, kind, since)
		if err != nil {
			return err
		}
		var ids []string
		for _, ch := range changes {
			h.changes = append(h.changes, loggedChange{ch, ws})
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
		edited := slices.ContainsFunc(edits, func(e store.Edit) bool { return e.WorkspaceID == ws && e.Kind == kind })
		if len(ids) > 0 || edited {
			if fi, err := client.FieldInfo(ctx, ws, kind); err == nil {
				h.names[wsKind{ws, kind}] = fi
			}
		}
	}
	return nil
}

// mergeWrites makes one change of the entries one write left, in changes
// sorted by time: a bug's history lists each field of a write apart
// (TAPD's bug_changes), so the entries of one item by one author at one
// second are one change, whatever else was written that second; and a
// priority recorded both as priority_label and as the legacy priority
// that follows from it is one field.
func mergeWrites(changes []loggedChange) []loggedChange {
	var out []loggedChange
next:
	for _, ch := range changes {
		for j := len(out) - 1; j >= 0 && out[j].Created == ch.Created; j-- {
			if w := &out[j]; w.ws == ch.ws && w.Kind == ch.Kind && w.ItemID == ch.ItemID && w.Author == ch.Author {
				w.Fields = append(slices.Clip(w.Fields), ch.Fields...)
				continue next
			}
		}
		out = append(out, ch)
	}
	for i := range out {
		fields := out[i].Fields
		if slices.ContainsFunc(fields, func(f api.FieldChange) bool { return f.Field == "priority_label" }) {
			out[i].Fields = slices.DeleteFunc(slices.Clone(fields), func(f api.FieldChange) bool { return f.Field == "priority" })
		}
	}
	return out
}

// mine pairs each change of the history with the edit of this machine
// that made it, if any: same item, and a field the edit writes now holds
// the edit's value. It returns the index of the edit for each change.
func (h history) mine(edits []store.Edit) []int {
	out := make([]int, len(h.changes))
	taken := map[int]bool{}
	for c, ch := range h.changes {
		out[c] = -1
		for i, e := range edits {
			if !taken[i] && e.State == store.StateSent && h.madeBy(ch, e) {
				out[c], taken[i] = i, true
				break
			}
		}
	}
	return out
}

// madeBy reports whether a change of the history is what an edit did.
func (h history) madeBy(ch loggedChange, e store.Edit) bool {
	item := e.ItemID
	if e.Op == store.OpCreate {
		item = e.ResultItemID
	}
	if item != ch.ItemID || ch.Kind != e.Kind || e.Op == store.OpComment {
		return false
	}
	field := editField(e)
	for _, f := range ch.Fields {
		if fieldWords[f.Field] != fieldWords[field] || fieldWords[field] == "" && f.Field != field {
			continue
		}
		if e.Op == store.OpCreate {
			return f.Before == ""
		}
		if h.names.value(ch.ws, ch.Kind, f.Field, f.After) == h.names.value(e.WorkspaceID, e.Kind, field, e.To) {
			return true
		}
	}
	return false
}

// entries lays out the log, oldest first: this machine's edits, marked
// "you" with their state, and, with the history, every other change on the
// service, saying who made it; a change an edit made is listed once, as
// the edit.
func (h history) entries(edits []store.Edit) []logEntry {
	var out []logEntry
	if h.err == nil {
		for c, i := range h.mine(edits) {
			if i >= 0 {
				continue // listed as the edit
			}
			ch := h.changes[c]
			out = append(out, logEntry{
				at: ch.Time(), id: "#" + api.ShortID(ch.ItemID), title: h.titles[ch.ItemID], kind: ch.Kind,
				ws: h.workspaceName(ch.ws, ""), change: h.names.serviceChange(h.words(), ch.ws, ch.ItemChange), who: h.author(ch.Author),
			})
		}
	}
	for _, e := range edits {
		out = append(out, h.editEntry(e))
	}
	slices.SortStableFunc(out, func(a, b logEntry) int { return a.at.Compare(b.at) })
	return out
}

// editEntry is the log's line of an edit of this machine.
func (h history) editEntry(e store.Edit) logEntry {
	say := h.words()
	id, title := "#"+api.ShortID(e.ItemID), e.ItemTitle
	switch e.Op {
	case store.OpCreate:
		id, title = say("new"), e.Title
		if e.ResultItemID != "" {
			id = "#" + api.ShortID(e.ResultItemID)
		}
	case store.OpTitle:
		title = e.To
	}
	return logEntry{at: e.CreatedAt, id: id, title: title, kind: e.Kind, ws: h.workspaceName(e.WorkspaceID, e.WorkspaceName),
		change: h.names.editChange(say, e), who: say("you · %s", state(say, e))}
}

// workspaceName is a workspace's name: as the service says it, else as
// the edit kept it, else its id.
func (h history) workspaceName(ws int64, kept string) string {
	if name := h.wsNames[ws]; name != "" {
		return name
	}
	if kept != "" {
		return kept
	}
	return strconv.FormatInt(ws, 10)
}

// author says who made a change on the service: "by you" for the login's
// own changes made elsewhere (the web, another machine).
func (h history) author(nick string) string {
	say := h.words()
	switch {
	case nick == "":
		return say("by someone")
	case nick == h.user:
		return say("by you")
	}
	return say("by %s", nick)
}

// words are the log's own words: for a person when said so, else for a
// script.
func (h history) words() wiring.Words {
	if h.say == nil {
		return wiring.WordsFor(false)
	}
	return h.say
}

// writeJSON prints one JSON object a line, with the values as the service
// keeps them: this machine's edits as the outbox keeps them, then the
// changes made on the service otherwise, with "source": "service".
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
	for c, i := range h.mine(edits) {
		if i >= 0 {
			continue
		}
		ch := h.changes[c]
		out := struct {
			Source string `json:"source"`
			api.ItemChange
			Kind        string `json:"kind"` // its name, as this machine's edits write it
			WorkspaceID int64  `json:"workspace_id"`
			Title       string `json:"item_title,omitempty"`
		}{"service", ch.ItemChange, ch.Kind.String(), ch.ws, h.titles[ch.ItemID]}
		if err := enc.Encode(out); err != nil {
			return err
		}
	}
	return nil
}
