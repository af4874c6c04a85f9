package ui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/i18n"
)

// View draws the view on top (or the loading or error state) and the bar
// under it, exactly the terminal's size.
func (m *Model) View() tea.View {
	boardStatus := ""
	var badges []string
	if m.board != nil {
		boardStatus, badges = m.board.Status(), m.board.Badges()
	}
	if q := m.quitQuestion(); q != "" {
		badges = append([]string{q}, badges...)
	}
	bar := m.bar.View(m.width, m.bindings(), boardStatus, badges...)
	v := tea.NewView(m.lines.frame(m.body(), m.ctx.Height, m.width, bar))
	v.AltScreen = true
	v.WindowTitle = "triage"
	if name := string(m.ctx.Workspace.Name); name != "" {
		v.WindowTitle += " — " + name
	}
	v.MouseMode = tea.MouseModeCellMotion
	if f, ok := m.top().(common.MouseFree); ok && f.FreesMouse() {
		v.MouseMode = tea.MouseModeNone // the address stays selectable
	}
	return v
}

func (m *Model) body() string {
	s := m.ctx.Styles
	switch {
	case m.top() != nil:
		return m.top().View()
	case m.state == stateError:
		msg := ansi.Wordwrap(common.ErrorText(m.err), max(m.width-6, 20), "")
		return "\n  " + s.Marks.Error + " " + s.Error.Render(strings.ReplaceAll(msg, "\n", "\n    ")) +
			"\n\n  " + s.Subtle.Render(i18n.T("r tries again · q quits"))
	default:
		return "\n  " + m.bar.Spinner() + " " + i18n.T("Loading your workspaces…")
	}
}

// bindings are the short help of the view on top, then the global keys
// unless a text field holds the keyboard.
func (m *Model) bindings() []key.Binding {
	var b []key.Binding
	if t := m.top(); t != nil {
		b = t.KeyMap().ShortHelp()
	}
	if c, ok := m.top().(common.Capturer); !ok || !c.Capturing() {
		b = append(b, globalKeys{m.ctx.Keys}.ShortHelp()...)
	}
	return b
}
