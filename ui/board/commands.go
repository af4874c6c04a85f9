package board

import (
	"fmt"
	"strconv"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/dialog"
)

// The config's commands: a key runs a program on the focused item, with
// the item's fields in its arguments (store.Command); what it printed is
// shown in a box over the board, or dropped, as the entry says.

// commandDoneMsg is what a command printed, and how it ended.
type commandDoneMsg struct {
	cmd    store.Command
	output string
	err    error
}

// onUserKey runs the command or opens the saved view bound to a key.
func (m *Model) onUserKey(msg tea.KeyPressMsg) tea.Cmd {
	k := msg.String()
	for _, c := range m.ctx.Commands {
		if c.Key == k {
			return m.runCommand(c)
		}
	}
	return m.onViewKey(k)
}

// runCommand runs a command on the focused item.
func (m *Model) runCommand(c store.Command) tea.Cmd {
	i, ok := m.selected()
	if !ok {
		return m.note("no item to run %s on", c.Name)
	}
	run := m.ctx.RunCommand
	if run == nil {
		return m.report(fmt.Errorf("%s cannot run here: commands run from the triage command line", c.Name))
	}
	it := m.cur().items[i]
	args, err := c.Args(store.CommandItem{
		ID: it.ID, ShortID: it.ShortID(), URL: m.url(i), Title: it.Title,
		Workspace: strconv.FormatInt(m.ws, 10), Kind: it.Kind.String(),
		Priority: m.priorityLabel(it.Kind, it.DisplayPriority()),
	})
	if err != nil {
		return m.report(err)
	}
	ctx := m.ctx.Request()
	return tea.Batch(m.note("running %s on #%s…", c.Name, it.ShortID()), func() tea.Msg {
		out, err := run(ctx, args)
		return commandDoneMsg{cmd: c, output: out, err: err}
	})
}

// onCommandDone shows what a command printed, or says how it ended.
func (m *Model) onCommandDone(msg commandDoneMsg) tea.Cmd {
	if msg.cmd.Output == store.OutputDiscard || m.prompt != nil {
		if msg.err != nil {
			return m.report(fmt.Errorf("%s: %w", msg.cmd.Name, msg.err))
		}
		return m.note("%s: done", msg.cmd.Name)
	}
	title := msg.cmd.Name
	if msg.err != nil {
		title += ": " + msg.err.Error()
	}
	m.prompt = &prompt{kind: promptOutput, Box: dialog.Output(title, msg.output)}
	return nil
}

// helpKeys is the board's key map for the help view: worded after the
// grouping, with the user's keys.
func (m *Model) helpKeys() help.KeyMap {
	m.keys.LabelGroup(m.cur().groupField())
	return m.keys.WithUser(m.ctx.Commands, m.ctx.Views)
}
