package board

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/components/dialog"
	"triage/ui/i18n"
	"triage/ui/views/board/bulkplan"
)

// promptKind is what a prompt asks.
type promptKind int

const (
	promptBulk     promptKind = iota // confirm a bulk edit
	promptConflict                   // keep mine or take theirs
	promptOutput                     // what a command printed: any key closes it
)

// prompt is a small question drawn in a box over the board (ui/components/dialog);
// it holds the keyboard until answered.
type prompt struct {
	dialog.Box
	kind promptKind
	plan []bulkplan.Change // promptBulk: the moves to make
	edit store.Edit        // promptConflict: the edit in conflict
}

// onPromptKey answers the prompt.
func (m *Model) onPromptKey(msg tea.KeyPressMsg) tea.Cmd {
	p := m.prompt
	k := &m.keys
	switch p.kind {
	case promptOutput:
		m.prompt = nil
	case promptBulk:
		switch {
		case key.Matches(msg, k.Confirm):
			m.prompt = nil
			return m.applyBulk(p.plan)
		case key.Matches(msg, k.Comment):
			m.prompt = nil
			m.composeWhy(p.plan)
			return nil
		case key.Matches(msg, k.Cancel):
			m.prompt = nil
			return m.note(i18n.Tf("nothing changed; %d marked", m.markCount()))
		}
	case promptConflict:
		switch {
		case key.Matches(msg, k.KeepMine):
			m.prompt = nil
			return tea.Batch(m.eng.Resolve(p.edit, true), m.askConflict())
		case key.Matches(msg, k.TakeTheirs):
			m.prompt = nil
			return tea.Batch(m.eng.Resolve(p.edit, false), m.askConflict())
		case key.Matches(msg, k.Cancel):
			m.prompt = nil
			return m.note(i18n.T("the conflict waits: press R to answer it"))
		}
	}
	return nil
}

// promptKeyMap is the help of the prompt's answers.
func (m *Model) promptKeyMap() dialog.Keys {
	k := &m.keys
	if m.prompt.kind == promptOutput {
		return dialog.Keys{key.NewBinding(key.WithKeys("esc"), key.WithHelp(i18n.T("any key"), i18n.T("close")))}
	}
	if m.prompt.kind == promptConflict {
		later := key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", i18n.T("answer later (R)")))
		return dialog.Keys{k.KeepMine, k.TakeTheirs, later}
	}
	why := key.NewBinding(key.WithKeys("c"), key.WithHelp("c", i18n.T("add a why: a comment on each, after its change")))
	return dialog.Keys{k.Confirm, why, k.Cancel}
}
