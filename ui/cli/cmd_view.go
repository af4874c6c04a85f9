package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"strings"

	"triage/api"
	"triage/auth"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
	"triage/ui/components/richtext"
)

// cmdView prints one item as the board's preview shows it, with its
// comments when asked, or as JSON, or opens it in the browser.
func cmdView(c *wiring.Factory, ctx context.Context, args []string) error {
	fs := wiring.NewFlags("view")
	var g wiring.GlobalFlags
	g.Register(fs)
	kindName := fs.String("kind", "", "`KIND` of the item: story, bug or task (default: each; an id several kinds share is an error that lists them)")
	comments := fs.Bool("comments", false, "print its comments too, oldest first")
	asJSON := fs.Bool("json", false, "print the item as JSON, with every field the service sent")
	web := fs.Bool("web", false, "open the item in the browser")
	ids, err := c.ParseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(ids) != 1 {
		return fmt.Errorf("%w: view takes one item: its short id (12, #12 or bug/12), full id or web address; see 'triage view --help'", wiring.ErrUsage)
	}
	var kind *api.Kind
	if *kindName != "" {
		k, err := api.ParseKind(*kindName)
		if err != nil {
			return fmt.Errorf("%w: --kind: %s", wiring.ErrUsage, err)
		}
		kind = &k
	}
	ref, err := itemref.Parse(ids[0], kind)
	if err != nil {
		return err
	}
	t, err := c.OpenScript(ctx, &g)
	if err != nil {
		return err
	}
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
	if *web {
		u := it.WebURL(t.Setup.Config.WebURL)
		if err := auth.NewDefaultBrowserOpener(c.Env)(u); err != nil {
			return fmt.Errorf("could not open the browser (%w); open %s", err, u)
		}
		fmt.Fprintf(c.Stderr, "Opened %s in the browser.\n", u)
		return nil
	}
	var notes []api.Comment
	if *comments {
		if notes, err = t.Client.Comments(ctx, ws, it.Kind, it.ID); err != nil {
			return c.Unreachable(err)
		}
	}
	if *asJSON {
		return writeItemJSON(c.Stdout, it, notes, *comments)
	}
	names, err := itemref.ReadNames(ctx, t, ws, it.Kind)
	if err != nil {
		return c.Unreachable(err)
	}
	writePreview(names, c.Stdout, &it, t.Setup.Config.WebURL)
	if *comments {
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
// priority, status and iteration by name, owners, times, address and the
// description as text.
func writePreview(n itemref.Names, w io.Writer, it *api.Item, web string) {
	fmt.Fprintf(w, "#%s %s\n\n", it.ShortID(), itemref.Printable(it.Title))
	field := func(label, col string) {
		if v := n.Cell(it, col, web); v != "" {
			fmt.Fprintf(w, "%-10s %s\n", label, v)
		}
	}
	field("Kind", "kind")
	field("Priority", "priority")
	field("Status", "status")
	field("Owner", "owner")
	field("Iteration", "iteration")
	field("Created", "created")
	field("Modified", "modified")
	field("Address", "url")
	fmt.Fprintln(w)
	if strings.TrimSpace(it.Description) == "" {
		fmt.Fprintln(w, "No description.")
		return
	}
	for _, l := range richtext.PlainText(it.Description) {
		fmt.Fprintln(w, itemref.Printable(l))
	}
}

// writeComments prints comments, oldest first: author and time, then the text.
func writeComments(w io.Writer, notes []api.Comment) {
	fmt.Fprintf(w, "\nComments (%d)\n", len(notes))
	for _, n := range notes {
		fmt.Fprintf(w, "\n%s · %s\n", itemref.Printable(itemref.People(n.Author)), itemref.ShownTime(n.Created))
		for _, l := range richtext.PlainText(n.Description) {
			fmt.Fprintln(w, "  "+itemref.Printable(l))
		}
	}
}
