package ui

import (
	tea "charm.land/bubbletea/v2"

	"triage/ui/common"
)

// Quitting while edits are on their way to the service asks first: w waits
// for them and then quits, q quits now (they stay in the outbox and go out
// the next time the app opens this service), any other key stays.

// quitState is where a quit with edits on their way is.
type quitState int

const (
	quitNone    quitState = iota
	quitAsked             // the question is on the status line
	quitWaiting           // w: quit once the edits are sent
)

// askQuit quits, or asks first when edits are on their way.
func (m *Model) askQuit() tea.Cmd {
	if m.quitting != quitNone || !m.engine.OnTheirWay() {
		return m.quit()
	}
	m.quitting = quitAsked
	return nil
}

// quitQuestion is what the status line shows first while a quit waits for
// an answer or for the edits, so no other news hides it; "" otherwise.
func (m *Model) quitQuestion() string {
	switch m.quitting {
	case quitAsked:
		return "w: wait for the edits on their way, then quit · q: quit now, they are kept · other keys stay"
	case quitWaiting:
		return "waiting for the edits on their way, then quitting · q quits now"
	}
	return ""
}

// quitAnswer takes the key that answers the question; ok is false when
// no question is asked.
func (m *Model) quitAnswer(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if m.quitting == quitWaiting && (msg.String() == "q" || msg.String() == "ctrl+c") {
		return m.quit(), true
	}
	if m.quitting != quitAsked {
		return nil, false
	}
	switch msg.String() {
	case "w":
		m.quitting = quitWaiting
		return m.quitWhenSent(), true
	case "q", "ctrl+c":
		return m.quit(), true
	}
	m.quitting = quitNone
	return common.Cmd(common.StatusMsg{Text: "not quitting: the edits go on"}), true
}

// quitWhenSent quits once no edit is on its way, after w.
func (m *Model) quitWhenSent() tea.Cmd {
	if m.quitting != quitWaiting || m.engine.OnTheirWay() {
		return nil
	}
	return m.quit()
}
