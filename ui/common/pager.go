package common

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/i18n"
)

// Pager is a titled page of lines that scrolls, as the help (?) and the
// errors (!) views show theirs: the title with the position when the lines
// do not fit, a blank line, then the lines in view.
type Pager struct {
	Lines         []string
	offset        int
	width, height int
}

// SetSize sets the area the page draws in.
func (p *Pager) SetSize(width, height int) {
	p.width, p.height = width, height
	p.Scroll(0)
}

// Width is the width of the area the page draws in.
func (p *Pager) Width() int { return p.width }

// Rows is how many lines fit under the title.
func (p *Pager) Rows() int { return max(p.height-2, 1) }

// Scroll moves the page by d lines, within its lines.
func (p *Pager) Scroll(d int) {
	p.offset = min(max(p.offset+d, 0), max(len(p.Lines)-p.Rows(), 0))
}

// Update scrolls for a key of keys or a wheel turn, and reports whether
// msg is the key that closes the view.
func (p *Pager) Update(msg tea.Msg, keys PagerKeys) (closed bool) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		if key.Matches(msg, keys.Close) {
			return true
		}
		if d, ok := keys.Motion.Delta(msg, p.Rows(), len(p.Lines)); ok {
			p.Scroll(d)
		}
	case tea.MouseWheelMsg:
		p.Scroll(3 * WheelDelta(msg))
	}
	return false
}

// View draws the title head, with the position when the lines scroll, and
// the lines in view.
func (p *Pager) View(s *Styles, head string) string {
	w := max(p.width-4, 10)
	pos := ""
	if len(p.Lines) > p.Rows() {
		pos = i18n.Tf("%d–%d of %d", p.offset+1, min(p.offset+p.Rows(), len(p.Lines)), len(p.Lines))
	}
	out := make([]string, 0, p.Rows()+2)
	out = append(out, "  "+Fit(s.Title.Render(head), w-ansi.StringWidth(pos))+s.Subtle.Render(pos), "")
	for _, l := range p.Lines[p.offset:min(p.offset+p.Rows(), len(p.Lines))] {
		out = append(out, "  "+Fit(l, w))
	}
	return strings.Join(out, "\n")
}
