// Package help is the help view: every binding of the focused view, taken
// from its key map (help.KeyMap's FullHelp), scrollable.
package help

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/i18n"
)

// KeyMap is the view's keys: scrolling, and the key that closes it.
type KeyMap = common.PagerKeys

// DefaultKeyMap returns the view's keys.
func DefaultKeyMap() KeyMap {
	return common.NewPagerKeys(key.NewBinding(key.WithKeys("?", "esc"), key.WithHelp("?/esc", "close the help")))
}

// Model is the help view.
type Model struct {
	ctx   *common.Context
	keys  KeyMap
	title string
	maps  []help.KeyMap
	page  common.Pager // a line per binding or group gap, drawn once per theme
	// closed is set by the key that closes the help (common.Closer).
	closed bool
}

// Closed reports whether the view closed itself; the root pops it at once.
func (m *Model) Closed() bool { return m.closed }

// New lists the bindings of maps (the focused view's first, then the global
// ones), skipping disabled ones and repeats, under a title such as "Board".
func New(ctx *common.Context, title string, maps ...help.KeyMap) *Model {
	m := &Model{ctx: ctx, keys: DefaultKeyMap(), title: title, maps: maps}
	ctx.KeyOverrides.Remap("help", &m.keys)
	m.page.Lines = m.render(maps)
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// render lays the bindings out: a column of keys, a column of descriptions,
// a blank line between groups.
func (m *Model) render(maps []help.KeyMap) []string {
	s := m.ctx.Styles
	seen := map[string]bool{}
	var groups [][]key.Help
	keyWidth := 0
	for _, km := range maps {
		for _, group := range km.FullHelp() {
			var g []key.Help
			for _, b := range group {
				h := b.Help()
				id := h.Key + "\x00" + h.Desc
				if !b.Enabled() || h.Key == "" || seen[id] {
					continue
				}
				seen[id] = true
				g = append(g, h)
				keyWidth = max(keyWidth, ansi.StringWidth(h.Key))
			}
			if len(g) > 0 {
				groups = append(groups, g)
			}
		}
	}
	var lines []string
	for i, g := range groups {
		if i > 0 {
			lines = append(lines, "")
		}
		for _, h := range g {
			lines = append(lines, s.HelpKey.Render(common.Fit(h.Key, keyWidth))+"  "+s.HelpDesc.Render(i18n.T(h.Desc)))
		}
	}
	return lines
}

// Title names the view: the help of the view it lists.
func (m *Model) Title() string { return i18n.Tf("Help: %s", m.title) }

// ClaimsKey reports whether msg closes the help (? on it closes it rather
// than opening another).
func (m *Model) ClaimsKey(msg tea.KeyPressMsg) bool { return key.Matches(msg, m.keys.Close) }

// KeyMap returns the help view's keys.
func (m *Model) KeyMap() help.KeyMap { return m.keys }

// SetSize sets the area the view draws in.
func (m *Model) SetSize(width, height int) { m.page.SetSize(width, height) }

// Update scrolls, closes on ? and esc, and redraws for a new theme.
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	if _, ok := msg.(common.ThemeChangedMsg); ok {
		m.page.Lines = m.render(m.maps)
	}
	if m.page.Update(msg, m.keys) {
		m.closed = true
	}
	return m, nil
}

// View draws the title, with the position when it scrolls, and the visible lines.
func (m *Model) View() string { return m.page.View(m.ctx.Styles, i18n.Tf("Keys — %s", m.title)) }
