package board

import (
	"strconv"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/i18n"
	"triage/ui/views/board/usercmd"
)

// The config's commands (ui/views/board/usercmd) run on the focused item; what one
// printed is shown in a box over the board, unless a prompt is open.

// onUserKey runs the command or opens the saved view bound to a key.
func (m *Model) onUserKey(msg tea.KeyPressMsg) tea.Cmd {
	if c, ok := usercmd.Find(m.ctx.Commands, msg.String()); ok {
		return m.runCommand(c)
	}
	return m.onViewKey(msg.String())
}

// runCommand runs a command on the focused item.
func (m *Model) runCommand(c store.Command) tea.Cmd {
	i, ok := m.selected()
	if !ok {
		return m.note(i18n.Tf("no item to run %s on", c.Name))
	}
	it := m.cur().items[i]
	u, none := m.url(i) // a card not yet created has no id to give a command
	if none != nil {
		return none
	}
	cmd, err := usercmd.Run(m.ctx, c, store.CommandItem{
		ID: it.ID, ShortID: it.ShortID(), URL: u, Title: it.Title,
		Workspace: strconv.FormatInt(m.ws, 10), Kind: it.Kind.String(),
		Priority: m.priorityLabel(it.Kind, it.DisplayPriority()),
	})
	if err != nil {
		return m.report(err)
	}
	return tea.Batch(m.note(i18n.Tf("running %s on #%s…", c.Name, it.ShortID())), cmd)
}

// onCommandDone shows what a command printed, or says how it ended.
func (m *Model) onCommandDone(msg usercmd.DoneMsg) tea.Cmd {
	if box, ok := msg.Box(); ok && m.prompt == nil {
		m.prompt = &prompt{kind: promptOutput, Box: box}
		return nil
	}
	done, err := msg.Ended()
	if err != nil {
		return m.report(err)
	}
	return m.note(done)
}

// helpKeys is the board's key map for the help view: worded after the
// grouping, with the user's keys.
func (m *Model) helpKeys() help.KeyMap {
	m.keys.LabelGroup(m.cur().groupField())
	return m.keys.WithUser(m.ctx.Commands, m.ctx.Views)
}
