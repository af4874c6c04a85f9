package board

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
)

// create queues a new item in the outbox and sends it; it appears on the
// board once the service confirms it. The outbox makes sure it is created
// once, however often it is sent.
func (m *Model) create(n api.NewItem) tea.Cmd {
	if m.ctx.Edits == nil {
		return m.report(errNoOutbox)
	}
	if n.WorkspaceID == 0 {
		n.WorkspaceID = m.ws
	}
	m.editSeq++
	return m.send(queued{token: m.editSeq, edit: store.Edit{
		Session: m.ctx.Session, Service: m.ctx.ServiceURL, User: m.ctx.User,
		WorkspaceID: n.WorkspaceID, WorkspaceName: string(m.ctx.Workspace.Name), Kind: n.Kind, Op: store.OpCreate,
		Title: strings.TrimSpace(n.Title), To: n.PriorityLabel, Fields: n.Fields,
	}})
}

// onCreated adds a created item and selects it, or says why it waits or failed.
func (m *Model) onCreated(_ uint64, res store.Result, err error, say bool) tea.Cmd {
	cause := res.Err
	if cause == nil {
		cause = err
	}
	title := res.Edit.Title
	switch res.Outcome {
	case store.OutcomeSent, store.OutcomeApplied:
		it := res.Item
		if it.ID == "" {
			return nil // confirmed through another path, which shows it
		}
		it.Kind = res.Edit.Kind
		var save tea.Cmd
		if res.Edit.WorkspaceID == m.ws {
			d := m.sets[it.Kind]
			i := d.add(it)
			if it.Kind == m.tab {
				m.follow(i)
			}
			save = m.saveSoon(it.Kind)
		}
		return tea.Batch(save, m.note("created #%s %s", it.ShortID(), title))
	case store.OutcomeQueued:
		if needsLogin(cause) {
			return m.authExpired()
		}
		if say {
			return m.note("%q waits to be created: %s", title, reason(cause))
		}
	case store.OutcomeFailed:
		m.failedCreates = append(m.failedCreates, res.Edit)
		return m.report(fmt.Errorf("could not create %q (press R to try again): %w", title, cause))
	}
	return nil
}
