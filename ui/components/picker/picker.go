// Package picker is a filterable list to choose one value from: rows, the
// filter, the keys, the sizing, and drawing a box over a screen. It knows no
// field: the views give it their rows (the workspace picker, the editor's
// and the board's field pickers, whose flows are ui/views/board/fieldflow).
// It draws only the visible rows.
package picker

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/i18n"
)

// Item is one choice: Title is shown, Detail beside it (subtle), Value is
// what ChosenMsg carries, Color an optional "#RRGGBB" swatch, and Key the
// key that chooses it at once (a digit the row shows; "": none).
type Item struct{ Title, Detail, Value, Color, Key string }

// ChosenMsg says the user chose Value; Index is its place in the items given to New.
type ChosenMsg struct {
	Value string
	Index int
}

// CancelledMsg says the user left the picker without choosing.
type CancelledMsg struct{}

// Model is the picker. Typing a letter or digit, or /, starts the filter
// and every printable key goes to it, but a row's own key (Item.Key), which
// chooses that row; the arrows and control keys move.
type Model struct {
	ctx     *common.Context
	title   string
	name    string // the view's name for the help; "": its title
	items   []Item
	lower   []string // lower-cased Title, Detail and Value of each item, for the filter
	shown   []int    // indexes into items that match the filter
	current string   // Value marked as the current one
	filter  common.TextField
	cursor  int // index into shown
	offset  int // first visible index into shown
	width   int
	height  int
	keys    KeyMap
}

// New returns a picker over items with a title.
func New(ctx *common.Context, title string, items []Item) *Model {
	m := &Model{ctx: ctx, title: title, keys: DefaultKeyMap()}
	ctx.KeyOverrides.Remap("picker", &m.keys)
	m.filter = common.NewTextField(ctx.Styles, "/ ", i18n.T("type to filter"))
	m.SetItems(items)
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// SetItems replaces the choices, keeping the filter.
func (m *Model) SetItems(items []Item) {
	m.items = items
	m.lower = make([]string, len(items))
	numbered := false
	for i, it := range items {
		m.lower[i] = strings.ToLower(it.Title + "\x00" + it.Detail + "\x00" + it.Value)
		numbered = numbered || it.Key != ""
	}
	m.keys.Numbered.SetEnabled(numbered)
	m.refilter()
}

// SetCurrent marks the item whose Value is v as the current one and moves the
// cursor to it.
func (m *Model) SetCurrent(v string) {
	m.current = v
	for i, idx := range m.shown {
		if m.items[idx].Value == v {
			m.cursor = i
			m.scroll()
			return
		}
	}
}

// MoveTo puts the cursor on the item whose Value is v, marking nothing.
func (m *Model) MoveTo(v string) {
	for i, idx := range m.shown {
		if m.items[idx].Value == v {
			m.cursor = i
			m.scroll()
			return
		}
	}
}

// Filter is the filter text.
func (m *Model) Filter() string { return m.filter.Value() }

// Shown returns the items that match the filter, in order.
func (m *Model) Shown() []Item {
	out := make([]Item, len(m.shown))
	for i, idx := range m.shown {
		out[i] = m.items[idx]
	}
	return out
}

// Selected is the item under the cursor, and false when nothing matches.
func (m *Model) Selected() (Item, bool) {
	if len(m.shown) == 0 {
		return Item{}, false
	}
	return m.items[m.shown[m.cursor]], true
}

// Capturing reports whether the filter holds the keyboard.
func (m *Model) Capturing() bool { return m.filter.Focused() }

// Named gives the picker a name for the help's heading ("Workspaces"),
// other than the title it draws.
func (m *Model) Named(name string) *Model {
	m.name = name
	return m
}

// Title names the view for the help.
func (m *Model) Title() string {
	if m.name != "" {
		return m.name
	}
	return m.title
}

// KeyMap returns the picker's keys.
func (m *Model) KeyMap() help.KeyMap { return m.keys }

// Wide is the width the picker needs to draw every row whole: its title,
// the current mark, the swatch and the detail.
func (m *Model) Wide() int {
	w := ansi.StringWidth(m.title) + len(" 999/999")
	for _, it := range m.items {
		row := 2 + ansi.StringWidth(it.Title) + ansi.StringWidth(m.ctx.Styles.Swatch(it.Color))
		if it.Value == m.current && m.current != "" {
			row += ansi.StringWidth(i18n.T(" (current)"))
		}
		if it.Detail != "" {
			row += 2 + ansi.StringWidth(it.Detail)
		}
		w = max(w, row)
	}
	return w
}

// SetSize sets the area the picker draws in.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.filter.SetWidth(max(width-4, 1))
	m.scroll()
}

// Update handles keys and the mouse wheel.
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.PasteMsg:
		m.filter.Focus()
		if m.filter.Update(msg) {
			m.refilter()
		}
	case tea.MouseWheelMsg:
		m.move(common.WheelDelta(msg))
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Choose):
		it, ok := m.Selected()
		if !ok {
			return nil
		}
		return common.Cmd(ChosenMsg{Value: it.Value, Index: m.shown[m.cursor]})
	case key.Matches(msg, k.Numbered) && m.keyed(msg.Text) >= 0:
		i := m.keyed(msg.Text)
		return common.Cmd(ChosenMsg{Value: m.items[i].Value, Index: i})
	case key.Matches(msg, k.Cancel):
		if m.filter.Focused() || m.filter.Value() != "" {
			m.filter.Blur()
			m.filter.Reset()
			m.refilter()
			return nil
		}
		return common.Cmd(CancelledMsg{})
	case msg.String() == "up" || msg.String() == "ctrl+p":
		m.move(-1)
	case msg.String() == "down" || msg.String() == "ctrl+n":
		m.move(1)
	case key.Matches(msg, k.PageUp):
		m.move(-m.rows())
	case key.Matches(msg, k.PageDown):
		m.move(m.rows())
	case m.filter.Focused():
		if m.filter.Update(msg) {
			m.refilter()
		}
	case key.Matches(msg, k.Up):
		m.move(-1)
	case key.Matches(msg, k.Down):
		m.move(1)
	case key.Matches(msg, k.Top):
		m.move(-len(m.shown))
	case key.Matches(msg, k.Bottom):
		m.move(len(m.shown))
	case key.Matches(msg, k.Filter):
		m.filter.Focus()
	case msg.Text != "" && msg.Text != "q" && msg.Text != "?" && msg.Mod&(tea.ModCtrl|tea.ModAlt) == 0:
		m.filter.Focus()
		if m.filter.Update(msg) {
			m.refilter()
		}
	}
	return nil
}

// keyed is the item whose own key is k, or -1.
func (m *Model) keyed(k string) int {
	for i, it := range m.items {
		if it.Key != "" && it.Key == k {
			return i
		}
	}
	return -1
}

// refilter recomputes the matching items: every word of the filter must
// appear, in any case, in the title, detail or value.
func (m *Model) refilter() {
	words := strings.Fields(strings.ToLower(m.filter.Value()))
	m.shown = m.shown[:0]
	for i, l := range m.lower {
		if matchAll(l, words) {
			m.shown = append(m.shown, i)
		}
	}
	m.cursor = 0
	m.offset = 0
}

func matchAll(s string, words []string) bool {
	for _, w := range words {
		if !strings.Contains(s, w) {
			return false
		}
	}
	return true
}

func (m *Model) move(d int) {
	if len(m.shown) == 0 {
		return
	}
	m.cursor = min(max(m.cursor+d, 0), len(m.shown)-1)
	m.scroll()
}

// rows is how many items fit below the title and the filter.
func (m *Model) rows() int { return max(m.height-3, 1) }

func (m *Model) scroll() {
	rows := m.rows()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+rows {
		m.offset = m.cursor - rows + 1
	}
	m.offset = min(max(m.offset, 0), max(len(m.shown)-rows, 0))
}

// View draws the title with the count, the filter, and the visible rows.
func (m *Model) View() string {
	s := m.ctx.Styles
	w := max(m.width, 10)
	count := common.Count(len(m.shown)) + "/" + common.Count(len(m.items))
	lines := make([]string, 0, m.rows()+3)
	lines = append(lines,
		common.Fit(s.Title.Render(m.title), w-len(count)-1)+" "+s.Subtle.Render(count),
		"  "+m.filter.View(),
		"")
	if len(m.shown) == 0 {
		msg := i18n.T("Nothing to choose from.")
		if m.filter.Value() != "" {
			msg = i18n.Tf("Nothing matches %q — esc clears the filter.", m.filter.Value())
		}
		lines = append(lines, "  "+s.Subtle.Render(common.Fit(msg, w-2)))
		return strings.Join(lines, "\n")
	}
	end := min(m.offset+m.rows(), len(m.shown))
	for i := m.offset; i < end; i++ {
		lines = append(lines, m.row(m.items[m.shown[i]], i == m.cursor, w))
	}
	return strings.Join(lines, "\n")
}

func (m *Model) row(it Item, selected bool, w int) string {
	s := m.ctx.Styles
	mark := s.Marks.Blank
	if selected {
		mark = s.Marks.Cursor
	}
	title := it.Title
	if it.Value == m.current && m.current != "" {
		title += i18n.T(" (current)")
	}
	swatch := s.Swatch(it.Color)
	room := w - 2 - ansi.StringWidth(swatch)
	detail := it.Detail
	if !selected {
		detail = s.Subtle.Render(detail)
	}
	text := title
	if it.Detail != "" {
		text = common.Fit(title, min(ansi.StringWidth(title)+2, room)) + detail
	}
	body := common.Fit(text, room)
	if selected {
		body = s.Selected.Render(body)
	}
	return mark + " " + swatch + body
}
