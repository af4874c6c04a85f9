package items

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"strings"
	"time"

	"triage/api"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
	"triage/ui/engine/mine"
	"triage/ui/filter"
	"triage/ui/i18n"
)

// listDefaultColumns are the columns of `triage list` without --columns.
var listDefaultColumns = []string{"id", "title", "priority", "status", "owner", "modified"}

// ListOptions are what `triage list` runs with: its streams, the global
// flags, the kind, the filter's words and how to print.
type ListOptions struct {
	IO      *wiring.Factory
	Global  wiring.GlobalFlags
	Kind    api.Kind
	Words   []string
	JSON    bool
	Columns []string // nil: the default ones
	Limit   int
	// Mine lists my work across workspaces, grouped by by (--mine, --by).
	Mine bool
	by   mine.By
	// kindName, columnList and byName are --kind, --columns and --by as given.
	kindName, columnList, byName string
}

// NewCmdList is `triage list`: it reads the flags and the filter's words
// into ListOptions and calls runF with them, listRun when runF is nil.
func NewCmdList(runF func(context.Context, *ListOptions) error) wiring.Command {
	if runF == nil {
		runF = listRun
	}
	return wiring.NewCommand("list", func(c *wiring.Factory, fs *flag.FlagSet) *ListOptions {
		o := &ListOptions{IO: c}
		o.Global.Register(fs)
		fs.StringVar(&o.kindName, "kind", "", "`KIND` of item: story, bug or task (default story; with --mine, all)")
		fs.BoolVar(&o.Mine, "mine", false, "the open items waiting on you in every workspace you reach (owner is you, status not final)")
		fs.StringVar(&o.byName, "by", "workspace", "with --mine, group `BY` workspace or priority")
		fs.BoolVar(&o.JSON, "json", false, "print one JSON array of the items, with every field the service sent")
		fs.StringVar(&o.columnList, "columns", "", "comma-separated `LIST`: "+strings.Join(itemref.ColumnNames, ", ")+", a custom field's name (来源渠道) or a field's wire name")
		fs.IntVar(&o.Limit, "limit", 0, "print at most `N` items (0: all)")
		return o
	}, func(o *ListOptions, words []string) (err error) {
		o.Words = words
		kind := o.kindName
		if kind == "" {
			kind = "story"
		}
		if o.Kind, err = api.ParseKind(kind); err != nil {
			return api.Errorf("%w: --kind: %w", wiring.ErrUsage, err)
		}
		switch o.byName {
		case "workspace":
			o.by = mine.ByWorkspace
		case "priority":
			o.by = mine.ByPriority
		default:
			return api.Errorf("%w: --by takes workspace or priority, not %q", wiring.ErrUsage, o.byName)
		}
		if o.Limit < 0 {
			return api.Errorf("%w: --limit must be 0 (all) or more", wiring.ErrUsage)
		}
		if o.columnList != "" {
			for col := range strings.SplitSeq(o.columnList, ",") {
				o.Columns = append(o.Columns, strings.TrimSpace(col)) // a custom field's name may hold a space
			}
		}
		return nil
	}, runF)
}

// listRun prints the items of a kind that pass a filter (the board's filter
// syntax): an aligned table on a terminal, tab-separated lines without a
// header when piped, or one JSON array.
func listRun(ctx context.Context, o *ListOptions) error {
	if o.Mine {
		return mineRun(ctx, o)
	}
	c, kind, cols := o.IO, o.Kind, o.Columns
	if cols == nil {
		cols = listDefaultColumns
	}
	t, err := c.OpenScript(ctx, &o.Global)
	if err != nil {
		return err
	}
	defer t.Close()
	ws, err := t.Workspace()
	if err != nil {
		return err
	}
	query, me := queryOf(o.Words), t.Session.Nick
	if me == "" && strings.Contains(strings.ToLower(query), "@me") {
		if me, err = t.Me(ctx); err != nil {
			return c.Unreachable(err)
		}
	}
	names, err := itemref.ReadNames(ctx, t, ws, kind)
	if err != nil {
		return c.Unreachable(err)
	}
	if names.NeedsCustom(cols, query) {
		if err := names.ReadCustom(ctx, t.Client, ws); err != nil {
			return c.Unreachable(err)
		}
	}
	q := filter.ParseWith(query, me, time.Now(), names.Custom)
	opts := names.FilterOptions()
	if problems := q.ProblemsWith(&opts); len(problems) > 0 {
		return api.Errorf("%w: the filter: %s", wiring.ErrUsage, strings.Join(problems, "; "))
	}
	if err := names.CheckColumns(cols); err != nil {
		return err
	}
	if err := readIterations(c, ctx, t.Client, ws, &q, &opts); err != nil {
		return err
	}
	if err := readFinals(c, ctx, t.Client, ws, kind, &q); err != nil {
		return err
	}
	req := api.ListRequest{WorkspaceID: ws, Kind: kind, Filter: serviceFilter(&q)}
	if !o.JSON {
		req.Fields = names.ListFieldsFor(cols)
	}
	items, err := t.Client.List(ctx, req)
	if err != nil {
		return c.Unreachable(err)
	}
	if err := readOwners(c, ctx, t.Client, ws, me, items, &q, &opts); err != nil {
		return err
	}
	if problems := q.Unmatched(&opts); len(problems) > 0 {
		return api.Errorf("%w: the filter: %s", wiring.ErrUsage, strings.Join(problems, "; "))
	}
	kept := items[:0]
	for i := range items {
		if names.Matches(&q, &items[i]) {
			kept = append(kept, items[i])
			if len(kept) == o.Limit {
				break
			}
		}
	}
	switch {
	case o.JSON:
		return itemref.WriteItemsJSON(c.Stdout, kept, names.JsonFieldsFor(o.Columns != nil, cols))
	case c.StdoutIsTerminal() && len(kept) == 0:
		fmt.Fprintln(c.Stderr, i18n.Tf("No %s match the filter.", i18n.T(kind.Path())))
	case c.StdoutIsTerminal():
		rows := [][]string{itemref.ColumnHeaders(cols)}
		for i := range kept {
			rows = append(rows, itemref.ShownRow(names.Row(&kept[i], cols, t.Setup.Config.WebURL), cols))
		}
		itemref.PrintTable(c.Stdout, rows, c.LineWidth(), titleShrinks(cols))
	default:
		for i := range kept {
			fmt.Fprintln(c.Stdout, strings.Join(names.Row(&kept[i], cols, t.Setup.Config.WebURL), "\t"))
		}
	}
	return nil
}

// titleShrinks cuts the title first when a table is too wide.
func titleShrinks(cols []string) []itemref.Shrink {
	if i := slices.Index(cols, "title"); i >= 0 {
		return []itemref.Shrink{{Col: i, Min: 16}}
	}
	return nil
}

// queryOf joins the words of the command line into one filter; a word the
// shell kept whole with spaces in it (prio:'Nice To Have') is quoted, as
// the board's filter line takes it.
func queryOf(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if !strings.ContainsAny(w, " \t") || strings.Contains(w, `"`) {
			out[i] = w
			continue
		}
		if key, value, ok := strings.Cut(w, ":"); ok && !strings.ContainsAny(key, " \t") {
			out[i] = key + `:"` + value + `"`
			continue
		}
		out[i] = `"` + w + `"`
	}
	return strings.Join(out, " ")
}

// readIterations reads the workspace's iterations when the filter has an
// iter: term: they name iter:@current and iter:@next, and what the term's
// values are checked against, as on the board.
func readIterations(c *wiring.Factory, ctx context.Context, client *api.Client, ws int64, q *filter.Query, o *filter.Options) error {
	if !slices.ContainsFunc(q.Terms, func(t filter.Term) bool { return t.Field == "iter" }) {
		return nil
	}
	its, err := client.Iterations(ctx, ws)
	if err != nil {
		return c.Unreachable(err)
	}
	o.Today = time.Now().In(api.ServiceZone).Format(time.DateOnly)
	o.Iterations = filter.IterationOptions(its)
	q.IterAlias = filter.IterAliases(its, o.Today)
	return nil
}

// readOwners reads the workspace's members when the filter has an owner:,
// creator: or reporter: term: its values are checked against them, the
// owners or creators of the items (itemref.People who left still own some)
// and the user, as on the board.
func readOwners(c *wiring.Factory, ctx context.Context, client *api.Client, ws int64, me string, items []api.Item, q *filter.Query, o *filter.Options) error {
	if !slices.ContainsFunc(q.Terms, func(t filter.Term) bool {
		return t.Field == "owner" || t.Field == "creator" || t.Field == "reporter"
	}) {
		return nil
	}
	members, err := client.Members(ctx, ws)
	if err != nil {
		return c.Unreachable(err)
	}
	nicks := make([]string, len(members))
	for k, p := range members {
		nicks[k] = p.Nick
	}
	o.Owners = filter.Owners(me, nicks, func(yield func(string) bool) {
		for i := range items {
			if !yield(items[i].Owner) {
				return
			}
		}
	})
	o.Creators = filter.Owners(me, nicks, func(yield func(string) bool) {
		for i := range items {
			if !yield(items[i].Creator) {
				return
			}
		}
	})
	return nil
}
