package board

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/richtext"
	"triage/ui/workspace"
)

// D edits the selected item's description in $VISUAL (else $EDITOR, else
// vi) when it is plain (paragraphs and line breaks only): the text is
// written back as HTML paragraphs, one edit of the engine checked against
// the description the editor opened with. A rich description (lists,
// tables, images, styles) is left alone, with a note: it would lose its
// formatting as text.

// describeReadMsg carries the item read before its description is edited.
type describeReadMsg struct {
	item api.Item
	err  error
}

// describedMsg says the editor program ended.
type describedMsg struct {
	item api.Item
	was  string // the text the file started with
	path string
	err  error
}

// secretEnv are the variables a child program never gets.
func secretEnv() [4]string {
	return [...]string{"TRIAGE_TOKEN", "TRIAGE_API_PASSWORD", "TRIAGE_CLIENT_SECRET", "TRIAGE_API_USER"}
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
	dir, err := os.MkdirTemp("", "triage-description-")
	if err != nil {
		return m.report(fmt.Errorf("could not make a file for the description: %w", err))
	}
	path := filepath.Join(dir, "description-"+it.ShortID()+".txt")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		_ = os.RemoveAll(dir)
		return m.report(fmt.Errorf("could not write the description to edit: %w", err))
	}
	prog := strings.Fields(editorProgram())
	cmd := exec.Command(prog[0], append(prog[1:], path)...)
	cmd.Env = childEnv()
	return tea.ExecProcess(cmd, func(err error) tea.Msg { return describedMsg{item: it, was: text, path: path, err: err} })
}

// onDescribed saves the description the editor program left, when it changed.
func (m *Model) onDescribed(msg describedMsg) tea.Cmd {
	raw, readErr := os.ReadFile(msg.path)
	_ = os.RemoveAll(filepath.Dir(msg.path))
	switch {
	case msg.err != nil:
		return m.report(common.Advise("set $VISUAL or $EDITOR to an editor that works", fmt.Errorf("the editor program failed, nothing saved: %w", msg.err)))
	case readErr != nil:
		return m.report(fmt.Errorf("could not read the edited description, nothing saved: %w", readErr))
	case string(raw) == msg.was:
		return m.note("#%s's description is unchanged", msg.item.ShortID())
	}
	d := m.sets[msg.item.Kind]
	i, ok := d.find(msg.item.ID)
	if !ok {
		return m.note("#%s is no longer on the board: its description was not saved", msg.item.ShortID())
	}
	shown, cmd := m.eng.Apply(d.kind, workspace.Change{Item: msg.item, Field: workspace.Description, To: richtext.ToHTML(string(raw))})
	if len(shown) > 0 {
		m.showStaged(d, i, shown[0], workspace.Description)
	}
	return cmd
}

// editorProgram is the program that edits text: $VISUAL, $EDITOR, else vi.
func editorProgram() string {
	for _, v := range []string{"VISUAL", "EDITOR"} {
		if p := strings.TrimSpace(os.Getenv(v)); p != "" {
			return p
		}
	}
	return "vi"
}

// childEnv is the environment without the secrets triage may hold in it.
func childEnv() []string {
	var out []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		secret := false
		for _, s := range secretEnv() {
			secret = secret || name == s
		}
		if !secret {
			out = append(out, kv)
		}
	}
	return out
}
