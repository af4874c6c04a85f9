package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"triage/store"
)

// cmdLog prints the changes of the last session, or of every session since a time.
func (c *cli) cmdLog(ctx context.Context, args []string) error {
	f := c.newFlags("log", "triage log [--json] [--since TIME] [global flags]")
	var g globalFlags
	g.register(f)
	asJSON := f.Bool("json", false, "print one JSON object per change")
	since := f.String("since", "", "every change since TIME: a duration ago (36h) or a date (2026-11-20, 2026-11-20 14:00)")
	if err := parse(f, args); err != nil {
		return err
	}
	from, err := parseSince(*since, time.Now())
	if err != nil {
		return fmt.Errorf("%w: --since: %s", errUsage, err)
	}
	paths, err := store.DefaultPaths()
	if err != nil {
		return err
	}
	cfg, err := store.LoadConfig(paths, c.env)
	if err != nil {
		return err
	}
	if err := cfg.Override(store.Overrides{BaseURL: g.baseURL}); err != nil {
		return fmt.Errorf("%w: %s", errUsage, err)
	}
	service, err := store.ServiceKey(cfg.BaseURL)
	if err != nil {
		return err
	}
	return c.printLog(paths, service, from, *asJSON)
}

// printLog reads the outbox's history of one service and prints it.
func (c *cli) printLog(paths store.Paths, service string, since time.Time, asJSON bool) error {
	ob, err := store.OpenOutbox(filepath.Join(paths.StateDir, store.OutboxFile), store.ReadOnly())
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintln(c.stderr, "No changes recorded yet.")
		return nil
	}
	if err != nil {
		return err
	}
	defer ob.Close()
	all, err := ob.History(since, "")
	if err != nil {
		return err
	}
	edits := all[:0]
	for _, e := range all {
		if e.Service == service {
			edits = append(edits, e)
		}
	}
	if since.IsZero() && len(edits) > 0 {
		edits = lastSession(edits)
	}
	if asJSON {
		enc := json.NewEncoder(c.stdout)
		for _, e := range edits {
			if err := enc.Encode(e); err != nil {
				return err
			}
		}
		return nil
	}
	if len(edits) == 0 {
		when := ""
		if !since.IsZero() {
			when = " since " + since.Local().Format("2006-01-02 15:04")
		}
		fmt.Fprintf(c.stderr, "No changes recorded for %s%s.\n", service, when)
		return nil
	}
	tw := tabwriter.NewWriter(c.stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "WHEN\tWORKSPACE\tITEM\tCHANGE\tSTATE")
	for _, e := range edits {
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\n", e.CreatedAt.Local().Format("2006-01-02 15:04"), e.WorkspaceID, e.Target(), change(e), state(e))
	}
	return tw.Flush()
}

// lastSession keeps the edits of the newest session among edits (in order).
func lastSession(edits []store.Edit) []store.Edit {
	last := edits[len(edits)-1].Session
	out := edits[:0]
	for _, e := range edits {
		if e.Session == last {
			out = append(out, e)
		}
	}
	return out
}

// change describes what an edit changes.
func change(e store.Edit) string {
	switch e.Op {
	case store.OpCreate:
		if e.To != "" {
			return fmt.Sprintf("created %q at %s", e.Title, e.To)
		}
		return fmt.Sprintf("created %q", e.Title)
	case store.OpTitle:
		return fmt.Sprintf("title %q → %q", e.From, e.To)
	}
	from := e.From
	if from == "" {
		from = "(none)"
	}
	out := fmt.Sprintf("priority %s → %s", from, e.To)
	if e.Undoes != 0 {
		out += " (undo)"
	}
	return out
}

// state says whether an edit reached the service.
func state(e store.Edit) string {
	s := strings.ReplaceAll(string(e.State), "_", " ")
	if e.LastError != "" && (e.State == store.StateFailed || e.State.Pending()) {
		s += ": " + e.LastError
	}
	return s
}

// parseSince reads --since: empty (the last session), a duration ago, or a local date and time.
func parseSince(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
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
