package items

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/auth"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
	"triage/ui/components/richtext"
	"triage/ui/i18n"
)

// ViewOptions are what `triage view` runs with: its streams, the global
// flags, the item's name and how to show it.
type ViewOptions struct {
	IO       *wiring.Factory
	Global   wiring.GlobalFlags
	Ref      itemref.Ref
	Comments bool
	JSON     bool
	Web      bool
	// Plain writes links as "text (address)" even on a terminal.
	Plain bool
	// Attachments lists the item's files; SaveDir saves them there,
	// overwriting files of their names with Force (attachments.go).
	Attachments bool
	SaveDir     string
	Force       bool
	// kindName is --kind as given.
	kindName string
}

// NewCmdView is `triage view`: it reads the flags and the item's name into
// ViewOptions and calls runF with them, viewRun when runF is nil.
func NewCmdView(runF func(context.Context, *ViewOptions) error) wiring.Command {
	if runF == nil {
		runF = viewRun
	}
	return wiring.NewCommand("view", func(c *wiring.Factory, fs *flag.FlagSet) *ViewOptions {
		o := &ViewOptions{IO: c}
		o.Global.Register(fs)
		fs.StringVar(&o.kindName, "kind", "", "`KIND` of the item: story, bug or task (default: each; an id several kinds share is an error that lists them)")
		fs.BoolVar(&o.Comments, "comments", false, "print its comments too, oldest first")
		fs.BoolVar(&o.JSON, "json", false, "print the item as JSON, with every field the service sent")
		fs.BoolVar(&o.Web, "web", false, "open the item in the browser")
		fs.BoolVar(&o.Attachments, "attachments", false, "list the item's attachments (name, type, who, when); with --json as JSON")
		fs.StringVar(&o.SaveDir, "save", "", "download every attachment of the item into `DIR` (progress on stderr)")
		fs.BoolVar(&o.Force, "force", false, "with --save: overwrite files of the same names")
		fs.BoolVar(&o.Plain, "plain", false, "write the description's links as \"text (address)\", not terminal hyperlinks (the default when piped)")
		return o
	}, func(o *ViewOptions, ids []string) (err error) {
		if len(ids) != 1 {
			return api.Errorf("%w: view takes one item: its short id (12, #12 or bug/12), full id or web address; see 'triage view --help'", wiring.ErrUsage)
		}
		var kind *api.Kind
		if o.kindName != "" {
			k, err := api.ParseKind(o.kindName)
			if err != nil {
				return api.Errorf("%w: --kind: %w", wiring.ErrUsage, err)
			}
			kind = &k
		}
		if err := checkAttachmentFlags(o); err != nil {
			return err
		}
		o.Ref, err = itemref.Parse(ids[0], kind)
		return err
	}, runF)
}

// viewRun prints one item as the board's preview shows it, with its
// comments when asked, or as JSON, or opens it in the browser.
func viewRun(ctx context.Context, o *ViewOptions) error {
	c, ref := o.IO, o.Ref
	t, err := c.OpenScript(ctx, &o.Global)
	if err != nil {
		return err
	}
	defer t.Close()
	ws := ref.Workspace
	if ws == 0 {
		if ws, err = t.Workspace(); err != nil {
			return err
		}
	}
	found, err := itemref.LookupItems(ctx, t.Client, []itemref.Ref{ref}, ws)
	if err != nil {
		return c.Unreachable(err)
	}
	if found[0].NotFound != nil {
		return found[0].NotFound
	}
	it := found[0].Item
	if o.Web {
		u := it.WebURL(t.Setup.Config.WebURL)
		if err := auth.NewDefaultBrowserOpener(c.Env)(u); err != nil {
			return api.Errorf("could not open the browser (%w); open %s", err, u)
		}
		fmt.Fprintln(c.Stderr, i18n.Tf("Opened %s in the browser.", u))
		return nil
	}
	if o.Attachments || o.SaveDir != "" {
		return attachmentsRun(ctx, o, t.Client, ws, it)
	}
	var notes []api.Comment
	if o.Comments {
		if notes, err = t.Client.Comments(ctx, ws, it.Kind, it.ID); err != nil {
			return c.Unreachable(err)
		}
	}
	if o.JSON {
		return writeItemJSON(c.Stdout, it, notes, o.Comments)
	}
	names, err := itemref.ReadNames(ctx, t, ws, it.Kind)
	if err != nil {
		return c.Unreachable(err)
	}
	if hasCustomValue(it) {
		if err := names.ReadCustom(ctx, t.Client, ws); err != nil {
			return c.Unreachable(err)
		}
	}
	writePreview(names, c.Stdout, &it, t.Setup.Config.WebURL, c.StdoutIsTerminal() && !o.Plain)
	if o.Comments {
		writeComments(c.Stdout, notes)
	}
	return nil
}

// writeItemJSON writes an item as JSON; with comments, they are its
// "comments" field.
func writeItemJSON(w io.Writer, it api.Item, notes []api.Comment, withComments bool) error {
	if withComments {
		if notes == nil {
			notes = []api.Comment{}
		}
		raw, err := json.Marshal(notes)
		if err != nil {
			return err
		}
		extra := make(map[string]json.RawMessage, len(it.Extra)+1)
		maps.Copy(extra, it.Extra)
		extra["comments"] = raw
		it.Extra = extra
	}
	b, _ := it.MarshalJSON()
	_, err := fmt.Fprintf(w, "%s\n", b)
	return err
}

// writePreview prints an item as the board's preview shows it: title,
// priority, status and iteration by name, owners, its custom fields that
// hold a value by the workspace's names, times, address and the
// description as text.
func writePreview(n itemref.Names, w io.Writer, it *api.Item, web string, hyperlinks bool) {
	fmt.Fprintf(w, "#%s %s\n\n", it.ShortID(), itemref.Printable(it.Title))
	var rows [][]string
	field := func(label, col string) {
		if v := n.Cell(it, col, web); v != "" {
			rows = append(rows, []string{label, itemref.ShownRow([]string{v}, []string{col})[0]})
		}
	}
	field(i18n.T("Kind"), "kind")
	field(i18n.T("Priority"), "priority")
	field(i18n.T("Status"), "status")
	field(i18n.T("Owner"), "owner")
	field(i18n.T("Iteration"), "iteration")
	for _, f := range n.Custom {
		v, _ := it.Get(f.Field)
		if shown := itemref.Printable(f.Shown(v)); shown != "" {
			rows = append(rows, []string{itemref.Printable(f.Name), shown})
		}
	}
	field(i18n.T("Created"), "created")
	field(i18n.T("Modified"), "modified")
	field(i18n.T("Address"), "url")
	writeFields(w, rows)
	fmt.Fprintln(w)
	if strings.TrimSpace(it.Description) == "" {
		fmt.Fprintln(w, i18n.T("No description."))
		return
	}
	for _, l := range richtext.Render(it.Description, richtext.Options{Hyperlinks: hyperlinks, Base: web}) {
		fmt.Fprintln(w, l) // Render lets no control character through but its own links
	}
}

// writeFields writes the preview's fields, a name and its value a line,
// the names padded by display width (优先级 takes six) to the widest of
// them, from 10 to 22 cells, as the editor lines its labels up: a longer
// custom field's name is followed by one space.
func writeFields(w io.Writer, rows [][]string) {
	width := 10
	for _, r := range rows {
		width = max(width, min(ansi.StringWidth(r[0]), 22))
	}
	for _, r := range rows {
		fmt.Fprintf(w, "%s%s %s\n", r[0], strings.Repeat(" ", max(width-ansi.StringWidth(r[0]), 0)), r[1])
	}
}

// hasCustomValue reports whether any custom field of the item holds a
// value: only then are the settings that name them read.
func hasCustomValue(it api.Item) bool {
	for key := range it.Extra {
		if v, _ := it.Get(key); store.IsCustomKey(key) && strings.TrimSpace(v) != "" {
			return true
		}
	}
	return false
}

// writeComments prints comments, oldest first: author and time, then the text.
func writeComments(w io.Writer, notes []api.Comment) {
	fmt.Fprintf(w, "\n%s\n", i18n.Tf("Comments (%d)", len(notes)))
	for _, n := range notes {
		fmt.Fprintf(w, "\n%s · %s\n", itemref.Printable(itemref.People(n.Author)), itemref.ShownTime(n.Created))
		for _, l := range richtext.PlainText(n.Description) {
			fmt.Fprintln(w, "  "+itemref.Printable(l))
		}
	}
}
