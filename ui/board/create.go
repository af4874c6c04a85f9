package board

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
)

// createDoneMsg is the service's answer to a create.
type createDoneMsg struct {
	ws   int64
	n    api.NewItem
	item api.Item
	err  error
}

// create sends a new item; it appears on the board once the service confirms
// it.
func (m *Model) create(n api.NewItem) tea.Cmd {
	if n.WorkspaceID == 0 {
		n.WorkspaceID = m.ws
	}
	if n.Creator == "" {
		n.Creator = m.ctx.User
	}
	tasks := m.ctx.Tasks
	task := tasks.Start("creating " + n.Kind.String())
	send := m.sendCreate(n)
	return func() tea.Msg {
		defer tasks.Done(task)
		return send()
	}
}

// sendCreate is the create itself, without a task: also the Retry of an
// AuthExpiredMsg, which runs only if the new login succeeds.
func (m *Model) sendCreate(n api.NewItem) tea.Cmd {
	svc, ctx, ws := m.ctx.Service, m.ctx.Request(), m.ws
	return func() tea.Msg {
		it, err := svc.Create(ctx, n)
		return createDoneMsg{ws: ws, n: n, item: it, err: err}
	}
}

// onCreateDone adds the created item and selects it, or says why it failed.
// A create that may have reached the service is not offered again: the user
// refreshes to see whether it exists.
func (m *Model) onCreateDone(msg createDoneMsg) tea.Cmd {
	title := strings.TrimSpace(msg.n.Title)
	switch {
	case msg.err == nil:
		if msg.ws == m.ws {
			it := msg.item
			it.Kind = msg.n.Kind
			d := m.sets[it.Kind]
			i := d.add(it)
			if it.Kind == m.tab {
				m.follow(i)
			}
		}
		return m.note("created #%s %s", msg.item.ShortID(), title)
	case needsLogin(msg.err):
		return common.Cmd(common.AuthExpiredMsg{Retry: m.sendCreate(msg.n)})
	case api.MaybeApplied(msg.err):
		return m.report(fmt.Errorf("%q may have been created: press r to check before creating it again: %w", title, msg.err))
	}
	m.creates = append(m.creates, msg.n)
	return m.report(fmt.Errorf("could not create %q (press R to try again): %w", title, msg.err))
}
