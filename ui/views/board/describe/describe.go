// Package describe edits an item's description in the editor program
// (ui/exteditor: $VISUAL, else $EDITOR, else vi) when it is plain
// (paragraphs and line breaks only): the item is read whole (views list no
// descriptions), the editor opens with its text, and what the editor left
// comes back as HTML paragraphs for the view to save. A rich description
// (lists, tables, images, styles) is left alone, with a note: it would lose
// its formatting as text.
package describe

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/components/richtext"
	"triage/ui/exteditor"
	"triage/ui/i18n"
)

// ReadMsg carries the item read before its description is edited.
type ReadMsg struct {
	item api.Item
	err  error
}

// DoneMsg says the editor program ended, with what it left.
type DoneMsg struct {
	Item api.Item // as read before the editor opened
	exteditor.Result
}

// HTML is the text the editor left as TAPD stores a description.
func (msg DoneMsg) HTML() string { return richtext.ToHTML(msg.Text) }

// Read reads item it of workspace ws whole, as a task of the registry; a
// wait for the rate limit is told at once (common.RateWaitMsg), so the
// status line counts it down and ! lists it.
func Read(ctx *common.Context, ws int64, it api.Item) tea.Cmd {
	task := i18n.Tf("reading #%s", it.ShortID())
	svc, kind, base := ctx.Service, it.Kind, ctx.Waiting(ctx.Request(), task, 0)
	return ctx.Tasks.Run(task, func() tea.Msg {
		ctx, cancel := context.WithTimeout(base, 30*time.Second)
		defer cancel()
		full, err := svc.Get(ctx, ws, kind, it.ID)
		full.Kind = kind
		return ReadMsg{item: full, err: err}
	})
}

// Open opens a plain description read in the editor program; a rich one
// gets a note on the status line instead.
func Open(msg ReadMsg) (tea.Cmd, error) {
	if msg.err != nil {
		return nil, fmt.Errorf(i18n.T("could not read the item to edit its description: %w"), msg.err)
	}
	it := msg.item
	if !richtext.IsPlain(it.Description) {
		return common.Cmd(common.StatusMsg{Text: i18n.Tf("#%s's description is rich text (lists, tables, images or styles): it stays read-only here, P shows it; edit it in TAPD (o)", it.ShortID())}), nil
	}
	text := strings.Join(richtext.PlainText(it.Description), "\n") + "\n"
	return exteditor.Edit("description", "description-"+it.ShortID()+".txt", text,
		func(r exteditor.Result) tea.Msg { return DoneMsg{Item: it, Result: r} })
}
