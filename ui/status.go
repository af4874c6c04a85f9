package ui

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/login"
)

// tickMsg redraws the status line for the token's remaining life.
type tickMsg struct{}

// tokenWarning is when the status line starts showing the token's remaining life.
const tokenWarning = 10 * time.Minute

// tick schedules the next redraw while the credential expires.
func (m *Model) tick() tea.Cmd {
	if m.ctx.ExpiresAt.IsZero() {
		return tea.Tick(time.Minute, func(time.Time) tea.Msg { return tickMsg{} })
	}
	return tea.Tick(15*time.Second, func(time.Time) tea.Msg { return tickMsg{} })
}

// spinIfBusy starts the status line's spinner when a task runs.
func (m *Model) spinIfBusy() tea.Cmd {
	if m.spinning || m.ctx.Tasks.Idle() {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

func (m *Model) spinTick(msg spinner.TickMsg) tea.Cmd {
	if m.ctx.Tasks.Idle() {
		m.spinning = false
		return nil
	}
	var cmd tea.Cmd
	m.spin, cmd = m.spin.Update(msg)
	return cmd
}

// View draws the view on top (or the loading or error state), its short
// help and the status line, exactly the terminal's size.
func (m *Model) View() tea.View {
	h := m.ctx.Height
	body := m.body()
	lines := strings.Split(body, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = common.Fit(l, m.width)
	}
	lines = append(lines, m.helpLine(), m.statusLine())
	v := tea.NewView(strings.Join(lines, "\n"))
	v.AltScreen = true
	v.WindowTitle = "triage"
	if name := string(m.ctx.Workspace.Name); name != "" {
		v.WindowTitle += " — " + name
	}
	if _, ok := m.top().(*login.Model); ok {
		v.MouseMode = tea.MouseModeNone // the address stays selectable
	} else {
		v.MouseMode = tea.MouseModeCellMotion
	}
	return v
}

func (m *Model) body() string {
	s := m.ctx.Styles
	switch {
	case m.top() != nil:
		return m.top().View()
	case m.state == stateError:
		msg := ansi.Wordwrap(m.err.Error(), max(m.width-6, 20), "")
		return "\n  " + s.Marks.Error + " " + s.Error.Render(strings.ReplaceAll(msg, "\n", "\n    ")) +
			"\n\n  " + s.Subtle.Render("r tries again · q quits")
	default:
		return "\n  " + m.spin.View() + " Loading your workspaces…"
	}
}

// helpLine is the short help of the view on top, then the global keys.
func (m *Model) helpLine() string {
	s := m.ctx.Styles
	var bindings []key.Binding
	if t := m.top(); t != nil {
		bindings = t.KeyMap().ShortHelp()
	}
	if c, ok := m.top().(common.Capturer); !ok || !c.Capturing() {
		bindings = append(bindings, globalKeys{m.ctx.Keys}.ShortHelp()...)
	}
	parts := make([]string, 0, len(bindings))
	for _, b := range bindings {
		if b.Enabled() && b.Help().Key != "" {
			parts = append(parts, s.HelpKey.Render(b.Help().Key)+" "+s.HelpDesc.Render(b.Help().Desc))
		}
	}
	return common.Fit(" "+strings.Join(parts, s.HelpSep.Render(" · ")), m.width)
}

// statusLine says: service, user and method, workspace, the token's life
// once short, what is loading, and the last error or note. When it does not
// fit, the service goes first, then the workspace, then the user, so that
// the news stays. It is drawn in one style, so its background runs unbroken.
func (m *Model) statusLine() string {
	s, c := m.ctx.Styles, m.ctx
	var who []string // dropped first to last when too long
	if c.ServiceURL != "" {
		who = append(who, strings.TrimPrefix(strings.TrimPrefix(c.ServiceURL, "https://"), "http://"))
	}
	if name := string(c.Workspace.Name); name != "" {
		who = append(who, name)
	} else if c.WorkspaceID != 0 {
		who = append(who, fmt.Sprintf("workspace %d", c.WorkspaceID))
	}
	if c.User != "" {
		who = append(who, fmt.Sprintf("%s (%s)", c.User, c.Method))
	}
	news := m.news()
	line := ""
	for {
		line = " " + strings.Join(append(append([]string{}, who...), news...), " · ")
		if len(who) == 0 || ansi.StringWidth(line) <= m.width {
			break
		}
		who = who[1:]
	}
	if m.status.Err != nil {
		return s.StatusError.Render(common.Fit(line, m.width))
	}
	return s.StatusBar.Render(common.Fit(line, m.width))
}

// news is the changing part of the status line: the token's life once
// short, the running tasks, the last error or note (else the board's).
func (m *Model) news() []string {
	c := m.ctx
	var parts []string
	if left, ok := c.Remaining(); ok && left < tokenWarning {
		parts = append(parts, tokenLife(left))
	}
	boardStatus := ""
	if m.board != nil {
		boardStatus = m.board.Status()
	}
	if busy := c.Tasks.Busy(); len(busy) > 0 {
		for i, l := range busy {
			if boardStatus != "" && strings.HasPrefix(boardStatus, l) {
				busy[i], boardStatus = boardStatus, ""
			}
		}
		parts = append(parts, ansi.Strip(m.spin.View())+" "+strings.Join(busy, ", "))
	}
	switch st := m.status; {
	case st.Err != nil:
		parts = append(parts, ansi.Strip(c.Styles.Marks.Error)+" "+st.Err.Error())
	case st.Text != "":
		parts = append(parts, st.Text)
	case boardStatus != "":
		parts = append(parts, boardStatus)
	}
	return parts
}

// tokenLife says how long the token lasts, in whole minutes under the hour.
func tokenLife(d time.Duration) string {
	switch {
	case d <= 0:
		return "token expired"
	case d < time.Minute:
		return "token: less than a minute left"
	}
	return fmt.Sprintf("token: %d min left", int(d.Minutes()))
}
