// Package errlog is the view of the recent errors (!), as lazygit's command
// log shows what ran: each error in full, wrapped, with the time it was
// shown, newest first, so that what the status line cut off can be read.
package errlog

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/i18n"
)

// Entry is one error the status line showed.
type Entry struct {
	At   time.Time
	Text string
}

// KeyMap is the view's keys: scrolling, and the key that closes it.
type KeyMap = common.PagerKeys

// DefaultKeyMap returns the view's keys.
func DefaultKeyMap() KeyMap {
	return common.NewPagerKeys(key.NewBinding(key.WithKeys("!", "esc", "q"), key.WithHelp("!/esc/q", "close the errors")))
}

// Model is the errors view.
type Model struct {
	ctx     *common.Context
	keys    KeyMap
	entries []Entry // oldest first
	page    common.Pager
	closed  bool // set by the key that closes the errors (common.Closer)
}

// Closed reports whether the view closed itself; the root pops it at once.
func (m *Model) Closed() bool { return m.closed }

// New lists entries (oldest first), newest at the top.
func New(ctx *common.Context, entries []Entry) *Model {
	m := &Model{ctx: ctx, keys: DefaultKeyMap(), entries: entries}
	ctx.KeyOverrides.Remap("errors", &m.keys)
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// Title names the view.
func (m *Model) Title() string { return i18n.T("Recent errors") }

// ClaimsKey reports whether msg closes the view (! on it closes it rather
// than opening it again).
func (m *Model) ClaimsKey(msg tea.KeyPressMsg) bool { return key.Matches(msg, m.keys.Close) }

// KeyMap returns the view's keys.
func (m *Model) KeyMap() help.KeyMap { return m.keys }

// SetSize sets the area the view draws in and wraps the errors to it.
func (m *Model) SetSize(width, height int) {
	m.page.SetSize(width, height)
	m.page.Lines = m.render()
	m.page.Scroll(0)
}

// render wraps each error under its time, newest first.
func (m *Model) render() []string {
	s := m.ctx.Styles
	if len(m.entries) == 0 {
		return []string{s.Subtle.Render(i18n.T("No error so far in this run."))}
	}
	w := max(m.page.Width()-4-len("15:04:05  "), 20)
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

// Update scrolls and closes.
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	if _, ok := msg.(common.ThemeChangedMsg); ok {
		m.page.Lines = m.render()
	}
	if m.page.Update(msg, m.keys) {
		m.closed = true
	}
	return m, nil
}

// View draws the title, with the position when it scrolls, and the errors.
func (m *Model) View() string {
	return m.page.View(m.ctx.Styles, i18n.Tf("Recent errors (%d), newest first", len(m.entries)))
}
