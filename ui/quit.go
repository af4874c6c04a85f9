package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/ui/common"
	"triage/ui/i18n"
)

// Quitting while edits are on their way to the service gives them
// graceBeforeAsking to be answered (most are, and the app quits then); still on
// their way, it asks: w waits for them and then quits, q quits now (they
// stay in the outbox and go out the next time the app opens this service),
// any other key stays.

// quitState is where a quit with edits on their way is.
type quitState int

const (
	quitNone    quitState = iota
	quitGrace             // q: quit once the edits are sent, or ask after quitGrace
	quitAsked             // the question is on the status line
	quitWaiting           // w: quit once the edits are sent
)

// graceBeforeAsking is how long a quit waits for the edits on their way
// before it asks whether to wait for them.
const graceBeforeAsking = time.Second

// quitGraceMsg is the end of the grace.
type quitGraceMsg struct{}

// askQuit quits, or first gives the edits on their way quitGrace.
func (m *Model) askQuit() tea.Cmd {
	if m.quitting != quitNone || !m.engine.OnTheirWay() {
		return m.quit()
	}
	m.quitting = quitGrace
	return tea.Tick(graceBeforeAsking, func(time.Time) tea.Msg { return quitGraceMsg{} })
}

// onQuitGrace asks, when the edits are still on their way.
func (m *Model) onQuitGrace() tea.Cmd {
	if m.quitting == quitGrace {
		m.quitting = quitAsked
	}
	return m.quitWhenSent()
}

// quitQuestion is what the status line shows first while a quit waits for
// an answer or for the edits, so no other news hides it; "" otherwise.
func (m *Model) quitQuestion() string {
	switch m.quitting {
	case quitAsked:
		return i18n.T("w: wait for the edits on their way, then quit · q: quit now, they are kept · other keys stay")
	case quitWaiting, quitGrace:
		return i18n.T("waiting for the edits on their way, then quitting · q quits now")
	}
	return ""
}

// quitAnswer takes the key that answers the question; ok is false when
// no question is asked.
func (m *Model) quitAnswer(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	if (m.quitting == quitWaiting || m.quitting == quitGrace) && (msg.String() == "q" || msg.String() == "ctrl+c") {
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
	return common.Cmd(common.StatusMsg{Text: i18n.T("not quitting: the edits go on")}), true
}

// quitWhenSent quits once no edit is on its way, after w.
func (m *Model) quitWhenSent() tea.Cmd {
	if m.quitting != quitWaiting && m.quitting != quitGrace || m.engine.OnTheirWay() {
		return nil
	}
	return m.quit()
}
