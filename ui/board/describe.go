package board

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/exteditor"
	"triage/ui/richtext"
	"triage/ui/workspace"
)

// D edits the selected item's description in the editor program
// (ui/exteditor: $VISUAL, else $EDITOR, else vi) when it is plain
// (paragraphs and line breaks only): the text is written back as HTML
// paragraphs, one edit of the engine checked against the description the
// editor opened with. A rich description (lists,
// tables, images, styles) is left alone, with a note: it would lose its
// formatting as text.

// describeReadMsg carries the item read before its description is edited.
type describeReadMsg struct {
	item api.Item
	err  error
}

// describedMsg says the editor program ended, with what it left.
type describedMsg struct {
	item api.Item
	exteditor.Result
}

// openDescription reads the selected item (the board lists no
// descriptions), then opens it in the editor program.
func (m *Model) openDescription() tea.Cmd {
	_, it, ok := m.selectedItem()
	if !ok {
		return m.note("D edits one description: put the cursor on the item (esc clears the marks)")
	}
	svc, ws, kind, base := m.ctx.Service, m.ws, m.tab, m.ctx.Request()
	return m.ctx.Tasks.Run("reading #"+it.ShortID(), func() tea.Msg {
		ctx, cancel := context.WithTimeout(base, 30*time.Second)
		defer cancel()
		full, err := svc.Get(ctx, ws, kind, it.ID)
		full.Kind = kind
		return describeReadMsg{item: full, err: err}
	})
}

// onDescribeRead opens a plain description in the editor program.
func (m *Model) onDescribeRead(msg describeReadMsg) tea.Cmd {
	if msg.err != nil {
		return m.report(fmt.Errorf("could not read the item to edit its description: %w", msg.err))
	}
	it := msg.item
	if !richtext.IsPlain(it.Description) {
		return m.note("#%s's description is rich text (lists, tables, images or styles): it stays read-only here, P shows it; edit it in TAPD (o)", it.ShortID())
	}
	text := strings.Join(richtext.PlainText(it.Description), "\n") + "\n"
	cmd, err := exteditor.Edit("description", "description-"+it.ShortID()+".txt", text,
		func(r exteditor.Result) tea.Msg { return describedMsg{item: it, Result: r} })
	if err != nil {
		return m.report(err)
	}
	return cmd
}

// onDescribed saves the description the editor program left, when it changed.
func (m *Model) onDescribed(msg describedMsg) tea.Cmd {
	switch {
	case msg.Err != nil:
		return m.report(msg.Err)
	case !msg.Changed:
		return m.note("#%s's description is unchanged", msg.item.ShortID())
	}
	d := m.sets[msg.item.Kind]
	i, ok := d.find(msg.item.ID)
	if !ok {
		return m.note("#%s is no longer on the board: its description was not saved", msg.item.ShortID())
	}
	shown, cmd := m.eng.Apply(d.kind, workspace.Change{Item: msg.item, Field: workspace.Description, To: richtext.ToHTML(msg.Text)})
	if len(shown) > 0 {
		m.showStaged(d, i, shown[0], workspace.Description)
	}
	return cmd
}
