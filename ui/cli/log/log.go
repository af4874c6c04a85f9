package log

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
	"triage/ui/filter"
	"triage/ui/i18n"
)

// Options are what `triage log` runs with: its streams, the global flags,
// --json and --since.
type Options struct {
	IO     *wiring.Factory
	Global wiring.GlobalFlags
	JSON   bool
	Since  string
}

// NewCmd is `triage log`: it reads the flags into Options and calls runF
// with them, Run when runF is nil.
func NewCmd(runF func(context.Context, *Options) error) wiring.Command {
	if runF == nil {
		runF = Run
	}
	return wiring.NewCommand("log", func(c *wiring.Factory, f *flag.FlagSet) *Options {
		o := &Options{IO: c}
		o.Global.Register(f)
		f.BoolVar(&o.JSON, "json", false, "print one JSON object per change")
		f.StringVar(&o.Since, "since", "", "every change since `TIME`: today, yesterday, a weekday (monday), a duration ago (36h, 3d) or a date (2026-11-20, 2026-11-20 14:00), in the service's time; default today")
		return o
	}, nil, runF)
}

// Run prints today's changes on the service, or every change since a time.
func Run(ctx context.Context, o *Options) error {
	c := o.IO
	now := time.Now()
	from, err := ParseSince(o.Since, now)
	if err != nil {
		return api.Errorf("%w: --since: %w", wiring.ErrUsage, err)
	}
	s, err := c.Load(ctx, &o.Global)
	if err != nil {
		return err
	}
	service, err := store.ServiceKey(s.Config.BaseURL)
	if err != nil {
		return err
	}
	edits, err := localEdits(s.Paths, service, from, s.Config.Workspace)
	if err != nil {
		return err
	}
	h := readHistory(c, ctx, s, edits, from)
	if o.JSON {
		return h.writeJSON(c.Stdout, edits)
	}
	if h.err != nil && (c.IsTerminal || !errors.Is(h.err, wiring.ErrNotLoggedIn)) {
		fmt.Fprintln(c.Stderr, i18n.Tf("Changes made from this machine (the service's history was not read: %s).", api.ErrorIn(h.err, i18n.T)))
	}
	h.say = wiring.WordsFor(c.StdoutIsTerminal())
	entries := h.entries(edits)
	if len(entries) == 0 {
		fmt.Fprintln(c.Stderr, i18n.Tf("No changes recorded for %s since %s.", service, sinceText(from)))
		return nil
	}
	if h.err == nil {
		fmt.Fprintln(c.Stderr, i18n.Tf("Changes on %s since %s; \"you\": made from this machine.", s.Config.BaseURL, sinceText(from)))
	}
	if !c.StdoutIsTerminal() {
		for _, e := range entries {
			fmt.Fprintln(c.Stdout, strings.Join(e.cells(e.at.Local().Format("2006-01-02 15:04"), h.say), "\t"))
		}
		return nil
	}
	header := make([]string, len(Columns))
	for i, col := range Columns {
		header[i] = i18n.T(col)
	}
	rows := [][]string{header}
	for _, e := range entries {
		rows = append(rows, e.cells(when(e.at, now), h.say))
	}
	itemref.PrintTable(c.Stdout, rows, c.LineWidth(), logShrinks)
	return nil
}

// sinceText is the start of a log's window in the service's time, with
// the machine's when it differs: "2026-11-27 00:00 CST (2026-11-26 16:00 here)".
func sinceText(from time.Time) string {
	service := from.In(api.ServiceZone).Format("2006-01-02 15:04")
	local := from.Local().Format("2006-01-02 15:04")
	if service == local {
		return service
	}
	return service + " " + from.In(api.ServiceZone).Format("MST") + " " + i18n.Tf("(%s here)", local)
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
			e.Holder = "" // which process sends it is the outbox's business, not the log's
			edits = append(edits, e)
		}
	}
	return edits, nil
}

// Columns are the columns of `triage log`, in English, which is also their
// key in the catalogues.
var Columns = [...]string{"TIME", "ID", "TITLE", "KIND", "WORKSPACE", "CHANGE", "WHO · STATE"}

// logShrinks are the columns cut, by display width, when a line would not
// fit: first the title, which the change and who made it matter more than,
// then the state's error (--json has all of it), and the change; each
// keeps at least min cells. On a terminal of 80 columns the workspace's
// name and the title are cut further.
var logShrinks = []itemref.Shrink{{Col: 2, Min: 16}, {Col: 6, Min: ansi.StringWidth("you · waiting")}, {Col: 5, Min: 20},
	{Col: 4, Min: 6}, {Col: 2, Min: 8}}

// logEntry is one line of the log: a change on the service, or an edit of
// this machine.
type logEntry struct {
	at              time.Time
	id, title       string
	kind            api.Kind
	ws, change, who string
}

// cells are the entry's columns, with its time written as given and its
// kind said by say.
func (e logEntry) cells(at string, say wiring.Words) []string {
	kind := e.kind.String()
	switch e.kind {
	case api.Story:
		kind = say("story")
	case api.Bug:
		kind = say("bug")
	case api.Task:
		kind = say("task")
	}
	return []string{at, e.id, e.title, kind, e.ws, e.change, e.who}
}

// when is a time as the log's first column shows it: the local hour, with
// the day when it is not today's.
func when(t, now time.Time) string {
	at := t.Local()
	if at.Format(time.DateOnly) != now.Local().Format(time.DateOnly) {
		return at.Format("01-02 15:04")
	}
	return at.Format("15:04")
}

// stateWords are the words of an edit's state: alone, and with the error
// it failed of or waits after ("" where a state keeps no error).
var stateWords = map[store.EditState]struct{ alone, withError string }{
	store.StateWaiting:      {"waiting", "waiting: %s"},
	store.StateSending:      {"sending", "sending: %s"},
	store.StateMaybeApplied: {"maybe applied", "maybe applied: %s"},
	store.StateConflict:     {"conflict", "conflict: %s"},
	store.StateSent:         {"sent", ""},
	store.StateFailed:       {"failed", "failed: %s"},
	store.StateDiscarded:    {"discarded", ""},
}

// state says, by say, whether an edit reached the service, and why not
// when the service refused it or it waits after an error.
func state(say wiring.Words, e store.Edit) string {
	words, known := stateWords[e.State]
	switch {
	case !known:
		return strings.ReplaceAll(string(e.State), "_", " ")
	case e.LastError != "" && words.withError != "" && (e.State == store.StateFailed || e.State.Pending()):
		return say(words.withError, e.LastError)
	}
	return say(words.alone)
}

// ParseSince reads --since: empty is today; else a time expression
// (filter.ParseWhen), its days counted in the service's zone.
func ParseSince(s string, now time.Time) (time.Time, error) {
	if strings.TrimSpace(s) == "" {
		s = "today"
	}
	return filter.ParseWhen(s, now, api.ServiceZone)
}
