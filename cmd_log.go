package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/store"
)

// cmdLog prints today's changes on the service, or every change since a time.
func (c *cli) cmdLog(ctx context.Context, args []string) error {
	f := newFlags("log")
	var g globalFlags
	g.register(f)
	asJSON := f.Bool("json", false, "print one JSON object per change")
	since := f.String("since", "", "every change since `TIME`: a duration ago (36h) or a date (2026-11-20, 2026-11-20 14:00); default today")
	if err := c.parse(f, args); err != nil {
		return err
	}
	from, err := parseSince(*since, time.Now())
	if err != nil {
		return fmt.Errorf("%w: --since: %s", errUsage, err)
	}
	s, err := c.load(ctx, &g)
	if err != nil {
		return err
	}
	service, err := store.ServiceKey(s.cfg.BaseURL)
	if err != nil {
		return err
	}
	edits, err := localEdits(s.paths, service, from, s.cfg.Workspace)
	if err != nil {
		return err
	}
	h := c.readHistory(ctx, s, edits, from)
	if *asJSON {
		return h.writeJSON(c.stdout, edits)
	}
	if h.err != nil && (c.isTerminal || !errors.Is(h.err, errNotLoggedIn)) {
		fmt.Fprintf(c.stderr, "Changes made from this machine (the service's history was not read: %s).\n", h.err)
	}
	if h.err == nil {
		fmt.Fprintf(c.stderr, "Changes on %s since %s; yours, made from this machine, say \"you\".\n", s.cfg.BaseURL, from.Local().Format("2006-01-02 15:04"))
	}
	rows := h.rows(edits, time.Now())
	if len(rows) == 1 {
		when := ""
		if !from.IsZero() {
			when = " since " + from.Local().Format("2006-01-02 15:04")
		}
		fmt.Fprintf(c.stderr, "No changes recorded for %s%s.\n", service, when)
		return nil
	}
	cut := shrinkable
	if h.err == nil {
		cut = shrinkableWithHistory
	}
	printTable(c.stdout, rows, c.lineWidth(), cut)
	return nil
}

// localEdits reads the outbox's history of one service since a time: the
// edits made from this machine, of one workspace when workspace is not 0.
func localEdits(paths store.Paths, service string, since time.Time, workspace int64) ([]store.Edit, error) {
	ob, err := store.OpenOutbox(filepath.Join(paths.StateDir, store.OutboxFile), store.ReadOnly())
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer ob.Close()
	all, err := ob.History(since, "")
	if err != nil {
		return nil, err
	}
	edits := all[:0]
	for _, e := range all {
		if e.Service == service && (workspace == 0 || e.WorkspaceID == workspace) {
			edits = append(edits, e)
		}
	}
	return edits, nil
}

// logColumns are the columns of `triage log`.
var logColumns = [...]string{"TIME", "ID", "TITLE", "KIND", "WORKSPACE", "CHANGE", "STATE"}

// columnGap is the space between two columns.
const columnGap = 2

// shrinkable are the columns cut, by display width, when a line would not
// fit: first the state's error (--json has all of it), then the title; each
// keeps at least min cells.
var shrinkable = []shrink{{6, len("maybe applied")}, {2, 16}}

// shrinkableWithHistory are the columns cut when the log shows the
// service's history: its field changes first, so that who made a change
// and its state stay whole.
var shrinkableWithHistory = []shrink{{5, 16}, {2, 16}, {6, len("maybe applied")}}

// shrink is a column that may be cut, and the cells it keeps.
type shrink struct{ col, min int }

// logRows lays out the edits for a stand-up: local time (the day too when
// not today), short id, title, kind, workspace name, change and state.
func logRows(edits []store.Edit, now time.Time) [][]string {
	rows := [][]string{logColumns[:]}
	today := now.Local().Format(time.DateOnly)
	for _, e := range edits {
		at := e.CreatedAt.Local()
		when := at.Format("15:04")
		if at.Format(time.DateOnly) != today {
			when = at.Format("01-02 15:04")
		}
		ws := e.WorkspaceName
		if ws == "" {
			ws = strconv.FormatInt(e.WorkspaceID, 10)
		}
		id, title := "#"+api.ShortID(e.ItemID), e.ItemTitle
		switch e.Op {
		case store.OpCreate:
			id, title = "new", e.Title
			if e.ResultItemID != "" {
				id = "#" + api.ShortID(e.ResultItemID)
			}
		case store.OpTitle:
			title = e.To
		}
		rows = append(rows, []string{when, id, title, e.Kind.String(), ws, change(e), state(e)})
	}
	return rows
}

// printTable writes rows in columns aligned by display width, so that
// Chinese text (two cells a character) lines up too. The shrinkable columns
// are cut, by display width, so that a line fits in width cells.
func printTable(w io.Writer, rows [][]string, width int, shrinkable []shrink) {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, cell := range r {
			widths[i] = max(widths[i], ansi.StringWidth(cell))
		}
	}
	total := (len(widths) - 1) * columnGap
	for _, cw := range widths {
		total += cw
	}
	for _, s := range shrinkable {
		if total <= width {
			break
		}
		cut := min(total-width, max(widths[s.col]-s.min, 0))
		widths[s.col] -= cut
		total -= cut
	}
	var b strings.Builder
	for _, r := range rows {
		b.Reset()
		for i, cell := range r {
			cell = ansi.Truncate(cell, widths[i], "…")
			b.WriteString(cell)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-ansi.StringWidth(cell)+columnGap))
			}
		}
		fmt.Fprintln(w, b.String())
	}
}

// noPriority is the log's word for an item without a priority.
const noPriority = "none"

// change describes what an edit changes: a priority from → to, a new
// title, or a creation (at its priority).
func change(e store.Edit) string {
	orNone := func(p string) string {
		if p == "" {
			return noPriority
		}
		return p
	}
	var out string
	switch e.Op {
	case store.OpCreate:
		out = "created at " + orNone(e.To)
	case store.OpTitle:
		out = "new title"
	case store.OpDescription:
		out = "new description"
	case store.OpStatus, store.OpOwner, store.OpIteration, store.OpSeverity, store.OpComment:
		out = fieldChange(e)
	default:
		out = orNone(e.From) + " → " + orNone(e.To)
	}
	if e.Undoes != 0 {
		out += " (undo)"
	}
	return out
}

// state says whether an edit reached the service.
func state(e store.Edit) string {
	s := strings.ReplaceAll(string(e.State), "_", " ")
	if e.State == store.StateSending {
		// The log reads the outbox only when no app holds it: an edit left
		// "sending" by an app that quit waits to be checked and sent again.
		s = string(store.StateWaiting)
	}
	if e.LastError != "" && (e.State == store.StateFailed || e.State.Pending()) {
		s += ": " + e.LastError
	}
	return s
}

// parseSince reads --since: empty (today, from local midnight), a duration
// ago, or a local date and time.
func parseSince(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		y, m, d := now.Local().Date()
		return time.Date(y, m, d, 0, 0, 0, 0, time.Local), nil
	}
	if d, err := time.ParseDuration(s); err == nil {
		if d <= 0 {
			return time.Time{}, errors.New("the duration must be positive")
		}
		return now.Add(-d), nil
	}
	for _, layout := range []string{time.DateOnly, "2006-01-02 15:04", time.DateTime, time.RFC3339} {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is neither a duration (36h) nor a date (2026-11-20 or 2026-11-20 14:00)", s)
}
