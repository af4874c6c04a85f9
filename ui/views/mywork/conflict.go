package mywork

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/common"
	"triage/ui/components/dialog"
	"triage/ui/components/picker"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// A conflict of an edit made here (the item changed by someone else after
// the user saw it) is asked here, as the board asks it: m keeps mine, t
// takes theirs, esc leaves it for later and R asks again. The board is not
// told while the view is open, so that one question is asked once.

// question is the conflict being asked.
type question struct {
	edit store.Edit
	box  dialog.Box
}

// ask opens the question of the oldest conflict waiting, unless one is
// open.
func (m *Model) ask() tea.Cmd {
	e, ok := m.eng.Conflict()
	if m.asking != nil || !ok {
		return nil
	}
	title, lines, hint := m.eng.ConflictQuestion(e)
	m.asking = &question{edit: e, box: dialog.Box{Title: title, Lines: lines, Hint: hint}}
	return say(i18n.Tf("%s was changed by someone else meanwhile: keep yours or theirs?", engine.Target(e)))
}

// answer takes the key pressed while a question is open.
func (m *Model) answer(msg tea.KeyPressMsg) tea.Cmd {
	q, k := m.asking, m.keys
	switch {
	case key.Matches(msg, k.KeepMine):
		m.asking = nil
		return tea.Batch(m.eng.Resolve(q.edit, true), m.ask())
	case key.Matches(msg, k.TakeTheirs):
		m.asking = nil
		return tea.Batch(m.eng.Resolve(q.edit, false), m.ask())
	case key.Matches(msg, k.Later):
		m.asking = nil
		return say(i18n.T("the conflict waits: press R to answer it"))
	}
	return nil
}

// retry sends the refused edits again and asks the conflicts waiting.
func (m *Model) retry() tea.Cmd {
	cmd, again := m.eng.Retry()
	ask := m.ask()
	if !again && ask == nil {
		return say(i18n.T("nothing to retry"))
	}
	return tea.Batch(cmd, ask)
}

// questionKeys is the help while a question is open.
func (m *Model) questionKeys() help.KeyMap {
	later := key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", i18n.T("answer later (R)")))
	return dialog.Keys{m.keys.KeepMine, m.keys.TakeTheirs, later}
}

// drawQuestion draws the open question over the list.
func (m *Model) drawQuestion(list string) string {
	return picker.DrawOver(list, m.asking.box.View(m.ctx.Styles, m.width), m.width, 2)
}

// say puts text on the status line.
func say(text string) tea.Cmd { return common.Cmd(common.StatusMsg{Text: text}) }

// Capturing reports whether the view holds the keyboard (a question is
// open), so the root leaves q and ? to it.
func (m *Model) Capturing() bool { return m.asking != nil }
