// Package errlog is the view of the recent errors (!), as lazygit's command
// log shows what ran: each error in full, wrapped, with the time it was
// shown, newest first, so that what the status line cut off can be read.
package errlog

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
)

// Entry is one error the status line showed.
type Entry struct {
	At   time.Time
	Text string
}

// KeyMap is the view's keys; it implements help.KeyMap.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Close key.Binding
}

// DefaultKeyMap returns the view's keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "scroll up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "scroll down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+b"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+f", "space"), key.WithHelp("pgdn", "page down")),
		Top:      key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g", "top")),
		Bottom:   key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "bottom")),
		Close:    key.NewBinding(key.WithKeys("!", "esc", "q"), key.WithHelp("!/esc/q", "close the errors")),
	}
}

// ShortHelp is the one-line help.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Down, k.Up, k.Close} }

// FullHelp lists every key.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.Close}}
}

// Model is the errors view.
type Model struct {
	ctx     *common.Context
	keys    KeyMap
	entries []Entry // oldest first
	lines   []string
	offset  int
	width   int
	height  int
}

// New lists entries (oldest first), newest at the top.
func New(ctx *common.Context, entries []Entry) *Model {
	m := &Model{ctx: ctx, keys: DefaultKeyMap(), entries: entries}
	ctx.KeyOverrides.Remap("errors", &m.keys)
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// Title names the view.
func (m *Model) Title() string { return "Recent errors" }

// KeyMap returns the view's keys.
func (m *Model) KeyMap() help.KeyMap { return m.keys }

// SetSize sets the area the view draws in and wraps the errors to it.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.lines = m.render()
	m.scroll(0)
}

// render wraps each error under its time, newest first.
func (m *Model) render() []string {
	s := m.ctx.Styles
	if len(m.entries) == 0 {
		return []string{s.Subtle.Render("No error so far in this run.")}
	}
	w := max(m.width-4-len("15:04:05  "), 20)
	var out []string
	for i := len(m.entries) - 1; i >= 0; i-- {
		e := m.entries[i]
		wrapped := strings.Split(ansi.Wordwrap(common.Clean(e.Text), w, " /"), "\n")
		for j, l := range wrapped {
			stamp := strings.Repeat(" ", len("15:04:05"))
			if j == 0 {
				stamp = s.Subtle.Render(e.At.Local().Format(time.TimeOnly))
			}
			out = append(out, stamp+"  "+s.Error.Render(l))
		}
		out = append(out, "")
	}
	return out[:len(out)-1]
}

// rows is how many lines fit under the title.
func (m *Model) rows() int { return max(m.height-2, 1) }

func (m *Model) scroll(d int) {
	m.offset = min(max(m.offset+d, 0), max(len(m.lines)-m.rows(), 0))
}

// Update scrolls and closes.
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		k := m.keys
		if key.Matches(msg, k.Close) {
			return m, common.Cmd(common.CloseViewMsg{})
		}
		motion := common.Motion{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Top: k.Top, Bottom: k.Bottom}
		if d, ok := motion.Delta(msg, m.rows(), len(m.lines)); ok {
			m.scroll(d)
		}
	case common.ThemeChangedMsg:
		m.lines = m.render()
	case tea.MouseWheelMsg:
		m.scroll(3 * common.WheelDelta(msg))
	}
	return m, nil
}

// View draws the title, with the position when it scrolls, and the errors.
func (m *Model) View() string {
	s := m.ctx.Styles
	w := max(m.width-4, 10)
	head := fmt.Sprintf("Recent errors (%d), newest first", len(m.entries))
	pos := ""
	if len(m.lines) > m.rows() {
		pos = fmt.Sprintf("%d–%d of %d", m.offset+1, min(m.offset+m.rows(), len(m.lines)), len(m.lines))
	}
	out := make([]string, 0, m.rows()+2)
	out = append(out, "  "+common.Fit(s.Title.Render(head), w-ansi.StringWidth(pos))+s.Subtle.Render(pos), "")
	for _, l := range m.lines[m.offset:min(m.offset+m.rows(), len(m.lines))] {
		out = append(out, "  "+common.Fit(l, w))
	}
	return strings.Join(out, "\n")
}
