package board

import (
	"errors"
	"fmt"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// url is the web address of item i of the current kind, or a note that it
// has none yet: a card whose create the service has not answered.
func (m *Model) url(i int32) (string, tea.Cmd) {
	it := m.cur().items[i]
	if engine.IsLocalID(it.ID) {
		return "", m.note(i18n.Tf("%q is not created yet: it has an address once the service has it", it.Title))
	}
	if it.WorkspaceID == "" {
		it.WorkspaceID = strconv.FormatInt(m.ws, 10)
	}
	return it.WebURL(m.ctx.WebURL), nil
}

// open opens the selected item in the web app.
func (m *Model) open() tea.Cmd {
	i, ok := m.selected()
	if !ok {
		return nil
	}
	u, none := m.url(i)
	if none != nil {
		return none
	}
	openURL := m.ctx.OpenURL
	if openURL == nil {
		return m.report(errors.New(i18n.Tf("press y to copy the address: no browser to open %s", u)))
	}
	return func() tea.Msg {
		if err := openURL(u); err != nil {
			return common.StatusMsg{Err: fmt.Errorf(i18n.T("press y to copy the address, ! for this error in full: could not open the browser: %w"), err)}
		}
		return common.StatusMsg{Text: i18n.Tf("opened %s", u)}
	}
}

// copyURL copies the selected item's address to the clipboard (OSC 52).
func (m *Model) copyURL() tea.Cmd {
	i, ok := m.selected()
	if !ok {
		return nil
	}
	u, none := m.url(i)
	if none != nil {
		return none
	}
	return tea.Batch(tea.SetClipboard(u), m.note(i18n.Tf("copied %s", u)))
}

// edit opens the editor on the selected item.
func (m *Model) edit() tea.Cmd {
	i, ok := m.selected()
	if !ok {
		return nil
	}
	d := m.cur()
	it := d.items[i]
	custom := m.eng.CustomFields(d.kind)
	var members []api.Member
	var read tea.Cmd
	if len(custom) > 0 {
		members, _, read = m.eng.Members() // a member field offers them; read once
	}
	var steps []api.Transition // nil: the editor offers every status, until the workflow is read
	known, moves := m.eng.MovesOf(d.kind, it)
	if next, ok := m.eng.NextStepsOf(d.kind, it, d.statusOrder()); known && ok {
		steps = append([]api.Transition{}, next...)
	}
	return tea.Batch(read, moves, common.Cmd(common.OpenEditorMsg{Kind: d.kind, Item: &it, Options: d.opts, Fields: d.fields,
		Custom: custom, Members: members, Steps: steps}))
}
