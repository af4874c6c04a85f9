// Package paint is what a view that draws a frame every key writes with:
// styles reduced to the escape sequences around their text (Paint), plain
// text fitted to a number of cells (WriteFit, SplitTitle, Pad, WriteSides),
// and lines lipgloss draws kept until what they show changes (Memo).
package paint

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// Paint is a style reduced to the escape sequences around its text, so that
// drawing a card concatenates strings instead of running lipgloss for every
// segment. Only styles without padding, width or underline reduce this way.
type Paint struct{ pre, post string }

// New reduces a lipgloss style.
func New(s lipgloss.Style) Paint {
	const probe = "x"
	out := s.Render(probe)
	i := strings.Index(out, probe)
	if i < 0 {
		return Paint{}
	}
	return Paint{pre: out[:i], post: out[i+len(probe):]}
}

// Write writes text in the paint's style.
func (p Paint) Write(b *strings.Builder, text string) {
	b.WriteString(p.pre)
	b.WriteString(text)
	b.WriteString(p.post)
}

// Fit writes plain text fitted to w cells (see WriteFit) in the paint's style.
func (p Paint) Fit(b *strings.Builder, text string, w int) {
	b.WriteString(p.pre)
	WriteFit(b, text, w)
	b.WriteString(p.post)
}

// Start writes what puts text after it in the paint's style, for text
// written in pieces; End ends it.
func (p Paint) Start(b *strings.Builder) { b.WriteString(p.pre) }

// End ends the style Start began.
func (p Paint) End(b *strings.Builder) { b.WriteString(p.post) }
