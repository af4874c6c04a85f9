package board

import (
	"fmt"

	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/richtext"
)

// composer writes a comment on one item: several lines (enter starts a
// new one, backspace deletes), ctrl+s sends it through the outbox (kept
// offline), esc drops it. Text is typed at the end.
type composer struct {
	kind api.Kind
	item api.Item
	plan []planned // a confirmed bulk move the comment is the why of; nil: a comment on item
	text []rune
}

// openComposer opens the comment composer on the selected item.
func (m *Model) openComposer() tea.Cmd {
	_, it, ok := m.selectedItem()
	if !ok {
		return m.note("c comments on one item: put the cursor on it (esc clears the marks)")
	}
	m.compose = &composer{kind: m.cur().kind, item: it}
	return nil
}

// onComposeKey writes into the comment, sends it or drops it.
func (m *Model) onComposeKey(msg tea.KeyPressMsg) tea.Cmd {
	c := m.compose
	switch msg.String() {
	case "ctrl+s":
		text := richtext.ToHTML(string(c.text))
		if c.plan != nil {
			m.compose = nil
			return m.applyBulkWhy(c.plan, text)
		}
		if text == "" {
			return m.note("the comment is empty: write something, or esc to drop it")
		}
		m.compose = nil
		m.prev.at = previewKey{} // the pane reads the item and its comments again
		return m.eng.Comment(c.kind, c.item, text)
	case "esc":
		m.compose = nil
		if c.plan != nil {
			return m.note("nothing changed; %d marked", m.markCount())
		}
		return m.note("comment dropped")
	case "enter", "shift+enter", "ctrl+j":
		c.text = append(c.text, '\n')
	case "backspace":
		if n := len(c.text); n > 0 {
			c.text = c.text[:n-1]
		}
	case "space":
		c.text = append(c.text, ' ')
	default:
		if msg.Text != "" && msg.Mod&(tea.ModCtrl|tea.ModAlt) == 0 {
			c.text = append(c.text, []rune(common.Sanitize(msg.Text))...)
		}
	}
	return nil
}

// onComposePaste adds pasted text to the comment.
func (m *Model) onComposePaste(msg tea.PasteMsg) tea.Cmd {
	m.compose.text = append(m.compose.text, []rune(strings.ReplaceAll(msg.Content, "\r\n", "\n"))...)
	return nil
}

// viewComposer draws the composer's box: the last lines that fit, a cursor
// at the end.
func (m *Model) viewComposer() string {
	c := m.compose
	s := m.ctx.Styles
	w := max(min(m.width-8, 72), 20)
	lines := strings.Split(string(c.text)+"▏", "\n")
	var rows []string
	for _, l := range lines {
		rows = append(rows, wrapRunes(l, w)...)
	}
	if len(rows) > 8 {
		rows = rows[len(rows)-8:]
	}
	for len(rows) < 4 {
		rows = append(rows, "")
	}
	head := s.Title.Render(fmt.Sprintf("Comment on #%s %s", api.ShortID(c.item.ID), common.Fit(c.item.Title, w-12)))
	hint := s.Subtle.Render("ctrl+s send · esc drop · enter new line")
	if c.plan != nil {
		head = s.Title.Render(fmt.Sprintf("Why change these %d? A comment on each, sent after its change", len(c.plan)))
		hint = s.Subtle.Render("ctrl+s changes them (with the comment when there is one) · esc cancels")
	}
	return s.Dialog.Render(head + "\n\n" + strings.Join(rows, "\n") + "\n\n" + hint)
}

// wrapRunes cuts a line into pieces of at most w cells.
func wrapRunes(line string, w int) []string {
	var out []string
	for ansi.StringWidth(line) > w {
		cut := ansi.Truncate(line, w, "")
		out = append(out, cut)
		line = line[len(cut):]
	}
	return append(out, line)
}
