package items

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"triage/api"
	"triage/store"
	"triage/ui/cli/itemref"
	"triage/ui/cli/wiring"
	"triage/ui/i18n"
)

// `triage view ID --attachments` lists an item's files (a table on a
// terminal, tab-separated when piped, --json), and `--save DIR` downloads
// them all: one /attachments read, then per file one /attachments/down
// (its address valid 300 s, never printed: it is a credential) and the
// file. A file of the name already in DIR is kept unless --force.

// attachmentJSON is an attachment as --json writes it.
type attachmentJSON struct {
	ID          string `json:"id"`
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	Owner       string `json:"owner"`
	Created     string `json:"created"`
	Size        *int64 `json:"size,omitempty"` // known once saved
	Path        string `json:"path,omitempty"` // where --save put it
}

// attachmentsRun lists or saves the files of an item.
func attachmentsRun(ctx context.Context, o *ViewOptions, client *api.Client, ws int64, it api.Item) error {
	c := o.IO
	list, err := client.Attachments(ctx, ws, it.Kind, it.ID)
	if err != nil {
		return c.Unreachable(err)
	}
	rows := make([]attachmentJSON, len(list))
	for i, a := range list {
		rows[i] = attachmentJSON{ID: a.ID, Filename: a.Filename, ContentType: a.ContentType, Owner: a.Owner, Created: a.Created}
	}
	if o.SaveDir != "" {
		if err := saveAttachments(ctx, o, client, ws, list, rows); err != nil {
			return err
		}
	}
	switch {
	case o.JSON:
		b, err := json.MarshalIndent(rows, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(c.Stdout, "%s\n", b)
		return err
	case o.SaveDir != "":
		return nil // each path is said as it is saved
	case len(list) == 0:
		fmt.Fprintln(c.Stderr, i18n.Tf("%s #%s has no attachments.", i18n.T(it.Kind.String()), it.ShortID()))
		return nil
	case c.StdoutIsTerminal():
		table := [][]string{{i18n.T("NAME"), i18n.T("TYPE"), i18n.T("BY"), i18n.T("ADDED")}}
		for _, r := range rows {
			table = append(table, []string{itemref.Printable(r.Filename), itemref.Printable(r.ContentType), itemref.Printable(r.Owner), itemref.ShownTime(r.Created)})
		}
		itemref.PrintTable(c.Stdout, table, c.LineWidth(), nil)
	default:
		for _, r := range rows {
			fmt.Fprintln(c.Stdout, strings.Join([]string{itemref.Printable(r.Filename), itemref.Printable(r.ContentType),
				itemref.Printable(r.Owner), itemref.ShownTime(r.Created)}, "\t"))
		}
	}
	return nil
}

// saveAttachments downloads every file into --save's directory, saying on
// stderr how far each got and where it went; rows learn sizes and paths.
func saveAttachments(ctx context.Context, o *ViewOptions, client *api.Client, ws int64, list []api.Attachment, rows []attachmentJSON) error {
	c := o.IO
	if len(list) == 0 {
		fmt.Fprintln(c.Stderr, i18n.T("Nothing to save: the item has no attachments."))
		return nil
	}
	policy := store.SaveRefuse
	if o.Force {
		policy = store.SaveOverwrite
	}
	var failed []string
	for i, a := range list {
		if target := filepath.Join(o.SaveDir, store.SafeFileName(a.Filename)); !o.Force && exists(target) {
			fmt.Fprintln(c.Stderr, i18n.Tf("[%d/%d] %s: not saved: %s is there already; use --force to overwrite it", i+1, len(list), a.Filename, target))
			failed = append(failed, a.Filename)
			continue
		}
		fmt.Fprintln(c.Stderr, i18n.Tf("[%d/%d] %s: asking for its download address…", i+1, len(list), a.Filename))
		address, err := client.DownloadAddress(ctx, ws, a.ID)
		if err != nil {
			fmt.Fprintln(c.Stderr, i18n.Tf("[%d/%d] %s: not saved: %v", i+1, len(list), a.Filename, api.ErrorIn(err, i18n.T)))
			failed = append(failed, a.Filename)
			continue
		}
		path, n, err := store.SaveDownload(o.SaveDir, a.Filename, policy, func(w io.Writer) (int64, error) {
			return client.Download(ctx, address, w, func(size int64) {
				if size >= 0 {
					fmt.Fprintln(c.Stderr, i18n.Tf("[%d/%d] %s: downloading %s…", i+1, len(list), a.Filename, api.HumanSize(size)))
				}
			})
		})
		if err != nil {
			fmt.Fprintln(c.Stderr, i18n.Tf("[%d/%d] %s: not saved: %v", i+1, len(list), a.Filename, api.ErrorIn(err, i18n.T)))
			failed = append(failed, a.Filename)
			continue
		}
		abs, _ := filepath.Abs(path)
		rows[i].Size, rows[i].Path = &n, abs
		fmt.Fprintln(c.Stderr, i18n.Tf("[%d/%d] saved %s (%s)", i+1, len(list), abs, api.HumanSize(n)))
	}
	if len(failed) > 0 {
		return api.Errorf("%d of %d attachments were not saved (%s); see above why, then run the command again", len(failed), len(list), strings.Join(failed, ", "))
	}
	return nil
}

// exists reports whether a file is at path.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// errSaveAndWeb is the usage error of --save or --attachments with --web.
var errSaveAndWeb = api.Errorf("--attachments and --save list and save files; --web opens the item: use one")

// checkAttachmentFlags refuses flags that do not go together.
func checkAttachmentFlags(o *ViewOptions) error {
	switch {
	case (o.Attachments || o.SaveDir != "") && o.Web:
		return api.Errorf("%w: %w", wiring.ErrUsage, errSaveAndWeb)
	case o.Force && o.SaveDir == "":
		return api.Errorf("%w: --force overwrites files --save finds in its directory; it needs --save DIR", wiring.ErrUsage)
	}
	return nil
}
