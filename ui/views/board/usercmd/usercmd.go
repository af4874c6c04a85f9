// Package usercmd runs the config's commands (store.Command) on an item: a
// key runs a program with the item's fields in its arguments; what it
// printed comes back as a DoneMsg, shown in a box or dropped, as the entry
// says.
package usercmd

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/common"
	"triage/ui/components/dialog"
	"triage/ui/i18n"
)

// DoneMsg is what a command printed, and how it ended.
type DoneMsg struct {
	cmd    store.Command
	output string
	err    error
}

// Find is the command bound to key k.
func Find(cmds []store.Command, k string) (store.Command, bool) {
	for _, c := range cmds {
		if c.Key == k {
			return c, true
		}
	}
	return store.Command{}, false
}

// Run runs command c on item it, in the background; an error says why it
// cannot run.
func Run(ctx *common.Context, c store.Command, it store.CommandItem) (tea.Cmd, error) {
	run := ctx.RunCommand
	if run == nil {
		return nil, errors.New(i18n.Tf("%s cannot run here: commands run from the triage command line", c.Name))
	}
	args, err := c.Args(it)
	if err != nil {
		return nil, err
	}
	rctx := ctx.Request()
	return func() tea.Msg {
		out, err := run(rctx, args)
		return DoneMsg{cmd: c, output: out, err: err}
	}, nil
}

// Box is the box of what the command printed; false when its entry drops
// the output.
func (msg DoneMsg) Box() (dialog.Box, bool) {
	if msg.cmd.Output == store.OutputDiscard {
		return dialog.Box{}, false
	}
	title := msg.cmd.Name
	if msg.err != nil {
		title += ": " + msg.err.Error()
	}
	return dialog.Output(title, msg.output), true
}

// Ended says how the command ended, for the status line: "name: done", or
// its error.
func (msg DoneMsg) Ended() (string, error) {
	if msg.err != nil {
		return "", fmt.Errorf("%s: %w", msg.cmd.Name, msg.err)
	}
	return i18n.Tf("%s: done", msg.cmd.Name), nil
}
