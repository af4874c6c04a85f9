package items

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"triage/api"
	"triage/auth"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
	"triage/ui/common"
	"triage/ui/engine/mine"
	"triage/ui/i18n"
)

// mineColumns are the columns of `triage list --mine`, in English, which is
// also their key in the catalogues.
var mineColumns = []string{"WORKSPACE", "KIND", "ID", "TITLE", "PRIORITY", "STATUS", "MODIFIED"}

// mineRun prints my work across workspaces (--mine): the open items that
// wait on the user in every workspace the login reaches, grouped by
// workspace or by priority (--by). It reads what changed since the last
// read, from the cache the board's W view shares, or reads it whole.
func mineRun(ctx context.Context, o *ListOptions) error {
	c := o.IO
	if len(o.Words) > 0 {
		return api.Errorf("%w: --mine takes no filter: it lists every open item waiting on you (--kind keeps one kind)", wiring.ErrUsage)
	}
	t, err := c.OpenScript(ctx, &o.Global)
	if err != nil {
		return err
	}
	defer t.Close()
	if t.Session.Method == auth.MethodBasic {
		return api.Errorf("%w: %w", wiring.ErrUsage, common.ErrAPIAccountMyWork)
	}
	me, err := t.Me(ctx)
	if err != nil {
		return c.Unreachable(err)
	}
	cache, warning := store.OpenCache(filepath.Join(t.Setup.Paths.CacheDir, store.CacheFile))
	defer cache.Close()
	switch {
	case errors.Is(warning, store.ErrCacheUnavailable):
		fmt.Fprintln(c.Stderr, i18n.T("triage: the cache is in use by the open board: your work is read whole, not by what changed"))
	case warning != nil:
		fmt.Fprintf(c.Stderr, "triage: %s\n", warning)
	}
	svc := t.Setup.Config.BaseURL
	prev, _, err := cache.LoadTodos(svc, me)
	if err != nil {
		fmt.Fprintf(c.Stderr, "triage: %s\n", err)
	}
	work, err := mine.Refresh(ctx, t.Client, me, prev, mine.Read{}, time.Now())
	if err != nil {
		return c.Unreachable(err)
	}
	if err := cache.SaveTodos(svc, me, work); err != nil {
		fmt.Fprintln(c.Stderr, i18n.Tf("triage: your work was not cached: %s", api.ErrorIn(err, i18n.T)))
	}
	for _, s := range work.Sets {
		if s.Err != "" {
			fmt.Fprintln(c.Stderr, i18n.Tf("triage: %s of %s left out: %s", i18n.T(s.Kind.Path()), s.WorkspaceName, s.Err))
		}
	}
	var cards []mine.Card
	for _, g := range mine.Groups(work, o.by) {
		for _, card := range g.Cards {
			if o.kindName == "" || card.Item.Kind == o.Kind {
				cards = append(cards, card)
			}
		}
	}
	if o.Limit > 0 && len(cards) > o.Limit {
		cards = cards[:o.Limit]
	}
	if o.JSON {
		return writeMineJSON(c, cards)
	}
	names, err := statusNames(ctx, t.Client, cache, svc, me, cards)
	if err != nil {
		fmt.Fprintln(c.Stderr, i18n.Tf("triage: some statuses show their codes: %s", api.ErrorIn(err, i18n.T)))
	}
	if c.StdoutIsTerminal() {
		header := make([]string, len(mineColumns))
		for i, h := range mineColumns {
			header[i] = i18n.T(h)
		}
		rows := [][]string{header}
		for _, card := range cards {
			rows = append(rows, itemref.ShownRow(mineRow(card, names), mineCells))
		}
		itemref.PrintTable(c.Stdout, rows, c.LineWidth(), []itemref.Shrink{{Col: 3, Min: 16}})
		return nil
	}
	for _, card := range cards {
		fmt.Fprintln(c.Stdout, strings.Join(mineRow(card, names), "\t"))
	}
	return nil
}

// statusNames are the status names of the workspaces and kinds of the
// cards printed: kept for a day with each workspace's reference data, else
// read, one request per workspace and kind, and kept.
func statusNames(ctx context.Context, r mine.FieldReader, kept mine.Kept, svc, me string, cards []mine.Card) (mine.Names, error) {
	var shown store.Todos
	at := map[mine.SetKey]int{}
	for _, card := range cards {
		key := mine.SetKey{WorkspaceID: card.WorkspaceID, Kind: card.Item.Kind}
		if _, ok := at[key]; !ok {
			at[key] = len(shown.Sets)
			shown.Sets = append(shown.Sets, store.TodoSet{WorkspaceID: key.WorkspaceID, Kind: key.Kind})
		}
		s := &shown.Sets[at[key]]
		s.Items = append(s.Items, card.Item)
	}
	now := time.Now()
	names, missing, kerr := mine.KeptNames(kept, svc, me, shown, now)
	names, err := mine.ReadNames(ctx, r, kept, svc, me, missing, names, now)
	return names, errors.Join(kerr, err)
}

// mineCells name the cells of mineRow as itemref.ShownRow takes them.
var mineCells = []string{"workspace", "kind", "id", "title", "priority", "status", "modified"}

// mineRow is a card as a row: its workspace first, its status by name.
func mineRow(card mine.Card, names mine.Names) []string {
	it := card.Item
	prio := it.DisplayPriority()
	if it.Kind == api.Bug {
		prio = api.BugDisplayName(prio)
	}
	if prio == "" {
		prio = "none"
	}
	return []string{card.Workspace, it.Kind.String(), api.ShortID(it.ID), common.Clean(it.Title), prio, names.Status(card.WorkspaceID, it.Kind, it.Status), it.Modified}
}

// mineJSON is a card as --json prints it.
type mineJSON struct {
	WorkspaceID int64  `json:"workspace_id"`
	Workspace   string `json:"workspace"`
	Kind        string `json:"kind"`
	ID          string `json:"id"`
	Title       string `json:"title"`
	Priority    string `json:"priority_label"`
	Status      string `json:"status"`
	Owner       string `json:"owner"`
	Modified    string `json:"modified"`
}

// writeMineJSON prints the cards as one JSON array.
func writeMineJSON(c *wiring.Factory, cards []mine.Card) error {
	out := make([]mineJSON, len(cards))
	for i, card := range cards {
		it := card.Item
		out[i] = mineJSON{WorkspaceID: card.WorkspaceID, Workspace: card.Workspace, Kind: it.Kind.String(), ID: it.ID,
			Title: it.Title, Priority: it.PriorityLabel, Status: it.Status, Owner: it.Owner, Modified: it.Modified}
	}
	enc := json.NewEncoder(c.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
