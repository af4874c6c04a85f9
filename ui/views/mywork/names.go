package mywork

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/ui/common"
	"triage/ui/engine/mine"
	"triage/ui/i18n"
)

// A card names its status as its workspace's board does: the names kept
// for a day with each workspace's reference data come with the cached
// work; those not kept are read in the background, one request per
// workspace and kind with items, and kept (mine.KeptNames, mine.ReadNames).

// namesTask names the read of the status names, for the status line.
func namesTask() string { return i18n.T("reading the status names of your workspaces") }

// namesMsg carries the status names read.
type namesMsg struct {
	names mine.Names
	err   error
}

// unnamed reports a set with items whose status names are not known.
func (m *Model) unnamed() bool {
	for _, s := range m.work.Sets {
		if _, ok := m.names[mine.SetKey{WorkspaceID: s.WorkspaceID, Kind: s.Kind}]; len(s.Items) > 0 && !ok {
			return true
		}
	}
	return false
}

// readNames reads, in the background, the status names of the sets that
// have none: kept ones first, then from the service.
func (m *Model) readNames() tea.Cmd {
	r, ok := m.ctx.Service.(mine.FieldReader)
	if !ok || m.naming {
		return nil
	}
	m.naming = true
	kept, _ := m.ctx.Cache.(mine.Kept)
	svc, user, now, work := m.ctx.ServiceURL, m.ctx.User, m.ctx.Clock(), m.work
	ctx := m.ctx.Request()
	return m.ctx.Tasks.Run(namesTask(), func() tea.Msg {
		names, missing, kerr := mine.KeptNames(kept, svc, user, work, now)
		names, err := mine.ReadNames(ctx, r, kept, svc, user, missing, names, now)
		if err == nil {
			err = kerr
		}
		return namesMsg{names: names, err: err}
	})
}

// onNames shows the status names read.
func (m *Model) onNames(msg namesMsg) tea.Cmd {
	m.naming = false
	for key, n := range msg.names {
		if m.names == nil {
			m.names = mine.Names{}
		}
		m.names[key] = n
	}
	if msg.err != nil {
		return common.Cmd(common.StatusMsg{Err: fmt.Errorf(i18n.T("some statuses show their codes: their names could not be read (r reads them again): %w"), msg.err), Task: namesTask()})
	}
	return common.Succeeded(namesTask())
}
