// Package statusbar draws the two lines at the bottom of the app: the short
// help of the focused view, and the status line (service, user and login
// method, workspace, the token's remaining life once short, what is loading,
// the last error or note).
package statusbar

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/i18n"
)

// TokenWarning is when the status line starts showing the token's remaining life.
const TokenWarning = 10 * time.Minute

// tickMsg redraws the status line for the token's remaining life.
type tickMsg struct{}

// Model is the bottom of the screen.
type Model struct {
	ctx      *common.Context
	spin     spinner.Model
	spinning bool
	last     common.StatusMsg
	errText  string   // last's error, what to do first (api.LeadWithAdvice)
	recent   []Recent // the errors shown, oldest first, at most maxRecent
	drawn    drawn    // the two lines last drawn, with what they show (drawn.go)
	waits    rateWaits
}

// Recent is an error the status line showed, and when.
type Recent struct {
	At   time.Time
	Text string
}

// maxRecent is how many errors the bar remembers for the errors view (!).
const maxRecent = 100

// New returns the bar over the program context.
func New(ctx *common.Context) *Model {
	return &Model{ctx: ctx, spin: ctx.Styles.NewSpinner()}
}

// Init starts the clock that keeps the token's remaining life current.
func (m *Model) Init() tea.Cmd { return m.tick() }

func (m *Model) tick() tea.Cmd {
	every := time.Minute
	if !m.ctx.ExpiresAt.IsZero() {
		every = 15 * time.Second
	}
	return tea.Tick(every, func(time.Time) tea.Msg { return tickMsg{} })
}

// Last is the last StatusMsg.
func (m *Model) Last() common.StatusMsg { return m.last }

// Recent lists the errors shown in this run, oldest first.
func (m *Model) Recent() []Recent { return m.recent }

// Clear takes the last message off the status line (another workspace
// opens: what was said of the previous one goes). The errors view keeps it.
func (m *Model) Clear() { m.last = common.StatusMsg{} }

// Update takes the bar's own messages (StatusMsg, its spinner's and clock's
// ticks, a theme change) and reports whether msg was one.
func (m *Model) Update(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case common.StatusMsg:
		if msg.Err == nil && msg.Text == "" {
			if msg.Task != "" && m.last.Err != nil && m.last.Task == msg.Task {
				m.last = common.StatusMsg{}
			}
			return nil, true
		}
		m.last, m.errText = msg, ""
		if msg.Err != nil {
			m.errText = common.ErrorText(msg.Err)
			m.ctx.Logger().Warn("shown on the status line", "error", m.errText)
			m.remember(m.errText)
		}
		return nil, true
	case common.RateWaitMsg:
		return m.onRateWait(msg), true
	case rateTickMsg:
		return m.onRateTick(), true
	case tickMsg:
		return m.tick(), true
	case common.ThemeChangedMsg:
		m.spin.Style = m.ctx.Styles.Accent
		m.drawn = drawn{}
		return nil, false
	case spinner.TickMsg:
		if msg.ID != m.spin.ID() {
			return nil, false
		}
		if m.ctx.Tasks.Idle() {
			m.spinning = false
			return nil, true
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return cmd, true
	}
	return nil, false
}

// remember lists text for the errors view (!).
func (m *Model) remember(text string) {
	m.recent = append(m.recent, Recent{At: m.ctx.Clock(), Text: text})
	if len(m.recent) > maxRecent {
		m.recent = m.recent[len(m.recent)-maxRecent:]
	}
}

// Spin starts the spinner when a task runs and it is not turning yet.
func (m *Model) Spin() tea.Cmd {
	if m.spinning || m.ctx.Tasks.Idle() {
		return nil
	}
	m.spinning = true
	return m.spin.Tick
}

// Spinner is the spinner's current frame.
func (m *Model) Spinner() string { return m.spin.View() }

// View draws the help line (bindings, then global ones) and the status line,
// width cells each. boardStatus is the board's own news (progress, error);
// badges are what the board always shows ("cached 3h ago", "3 edits waiting").
func (m *Model) View(width int, bindings []key.Binding, boardStatus string, badges ...string) string {
	return m.drawn.help(width, bindings, m.helpLine) + "\n" + m.statusLine(width, boardStatus, badges)
}

// helpLine shows the view's keys, as many as fit, then always the global
// ones ("? help · q quit") at its end, so help is never cut off.
func (m *Model) helpLine(width int, bindings []key.Binding) string {
	s := m.ctx.Styles
	sep := s.HelpSep.Render(" · ")
	var body, tail []string
	for _, b := range bindings {
		if !b.Enabled() || b.Help().Key == "" {
			continue
		}
		part := s.HelpKey.Render(b.Help().Key) + " " + s.HelpDesc.Render(i18n.T(b.Help().Desc))
		if k := b.Help().Key; k == m.ctx.Keys.Help.Help().Key || k == m.ctx.Keys.Quit.Help().Key {
			tail = append(tail, part)
		} else {
			body = append(body, part)
		}
	}
	end := strings.Join(tail, sep)
	room := width - 1 - ansi.StringWidth(end)
	if end != "" {
		room -= ansi.StringWidth(sep)
	}
	line, used := "", 0
	for i, part := range body {
		w := ansi.StringWidth(part)
		if i > 0 {
			w += ansi.StringWidth(sep)
		}
		if used+w > room-2 && i < len(body)-1 || used+w > room {
			line += s.HelpSep.Render(" …")
			break
		}
		if i > 0 {
			line += sep
		}
		line, used = line+part, used+w
	}
	if end != "" {
		if line != "" {
			line += sep
		}
		line += end
	}
	return common.Fit(" "+line, width)
}

// statusLine puts who and where first and the news after; when it does not
// fit, the service goes first, then the workspace, then the user, so that
// the news stays. One style for the whole line keeps its background unbroken.
func (m *Model) statusLine(width int, boardStatus string, badges []string) string {
	s, c := m.ctx.Styles, m.ctx
	var who []string
	if c.ServiceURL != "" {
		who = append(who, strings.TrimPrefix(strings.TrimPrefix(c.ServiceURL, "https://"), "http://"))
	}
	if name := string(c.Workspace.Name); name != "" {
		who = append(who, name)
	} else if c.WorkspaceID != 0 {
		who = append(who, i18n.Tf("workspace %d", c.WorkspaceID))
	}
	if c.User != "" {
		who = append(who, fmt.Sprintf("%s (%s)", c.User, c.Method))
	}
	news := append(badges[:len(badges):len(badges)], m.news(boardStatus)...)
	var line string
	for {
		line = " " + strings.Join(append(append([]string{}, who...), news...), " · ")
		if len(who) == 0 || ansi.StringWidth(line) <= width {
			break
		}
		who = who[1:]
	}
	return m.drawn.status(line, width, m.last.Err != nil, func() string {
		if m.last.Err != nil {
			return s.StatusError.Render(common.Fit(line, width))
		}
		return s.StatusBar.Render(common.Fit(line, width))
	})
}

// news is the token's life once short, the running tasks (the board's
// progress in place of its loading task), and the last error or note, else
// the board's status.
func (m *Model) news(boardStatus string) []string {
	c := m.ctx
	var parts []string
	if left, ok := c.Remaining(); ok && left < TokenWarning {
		parts = append(parts, tokenLife(left))
	}
	if busy := c.Tasks.Busy(); len(busy) > 0 {
		parts = append(parts, ansi.Strip(m.spin.View())+" "+strings.Join(m.busyText(busy, &boardStatus), ", "))
	}
	switch st := m.last; {
	case st.Err != nil:
		parts = append(parts, ansi.Strip(c.Styles.Marks.Error)+" "+m.errText)
	case st.Text != "":
		parts = append(parts, st.Text)
	case boardStatus != "":
		parts = append(parts, boardStatus)
	}
	return parts
}

// tokenLife says how long the token lasts, in whole minutes.
func tokenLife(d time.Duration) string {
	switch {
	case d <= 0:
		return i18n.T("token expired")
	case d < time.Minute:
		return i18n.T("token: less than a minute left")
	}
	return i18n.Tf("token: %d min left", int(d.Minutes()))
}
