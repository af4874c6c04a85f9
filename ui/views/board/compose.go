package board

import (
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/components/compose"
	"triage/ui/i18n"
	"triage/ui/views/board/bulkplan"
)

// c writes a comment on one item (ui/components/compose), sent through the outbox
// (kept offline); a confirmed bulk edit's prompt writes one too, the why
// of its changes, posted on each item after its change.

// composer is the comment being written, and what it is on.
type composer struct {
	kind api.Kind
	item api.Item
	plan []bulkplan.Change // a confirmed bulk move the comment is the why of; nil: a comment on item
	box  *compose.Model
}

// openComposer opens the comment composer on the selected item.
func (m *Model) openComposer() tea.Cmd {
	_, it, ok := m.selectedItem()
	if !ok {
		return m.note(i18n.T("c comments on one item: put the cursor on it (esc clears the marks)"))
	}
	m.compose = &composer{kind: m.cur().kind, item: it,
		box: compose.New(m.ctx, i18n.Tf("Comment on #%s", api.ShortID(it.ID)), it.Title, i18n.T("ctrl+s send · esc drop · enter new line"))}
	return nil
}

// composeWhy opens the composer on the why of a bulk edit's changes.
func (m *Model) composeWhy(plan []bulkplan.Change) {
	title := i18n.Tf("Why change these %d? A comment on each, sent after its change", len(plan))
	if len(plan) == 1 {
		title = i18n.T("Why change it? A comment on it, sent after its change")
	}
	m.compose = &composer{kind: m.tab, plan: plan, box: compose.New(m.ctx, title, "",
		i18n.T("ctrl+s changes them (with the comment when there is one) · esc cancels"))}
}

// onComposeKey writes into the comment, sends it or drops it.
func (m *Model) onComposeKey(msg tea.KeyPressMsg) tea.Cmd {
	c := m.compose
	switch c.box.Key(msg) {
	case compose.Send:
		text := c.box.HTML()
		if c.plan != nil {
			m.compose = nil
			return m.applyBulkWhy(c.plan, text)
		}
		if text == "" {
			return m.note(i18n.T("the comment is empty: write something, or esc to drop it"))
		}
		m.compose = nil
		m.prev.Forget() // the pane reads the item and its comments again
		return m.eng.Comment(c.kind, c.item, text)
	case compose.Drop:
		m.compose = nil
		if c.plan != nil {
			return m.note(i18n.Tf("nothing changed; %d marked", m.markCount()))
		}
		return m.note(i18n.T("comment dropped"))
	}
	return nil
}
