package preview

import "triage/ui/i18n"

// The pane scrolls when the item is longer than it: a sign on its last
// line says how many lines follow (and on its first, how many are above),
// and the embedding view's keys (ScrollKeys) move it by Step lines. A new
// item starts at its top.

// Step is how many lines a scroll key moves the pane.
const Step = 5

// Scroll moves the pane n lines down (up for n < 0), within the item as
// last drawn.
func (p *Model) Scroll(n int) {
	p.top = min(max(p.top+n, 0), p.maxTop)
}

// window is the part of lines the pane shows in h rows, from its scroll
// position (kept within the lines), with the signs of the lines above and
// below drawn by sign.
func (p *Model) window(lines []string, h int, sign func(string) string) []string {
	if len(lines) <= h {
		p.top, p.maxTop = 0, 0
		return lines
	}
	p.maxTop = len(lines) - (h - 1) // the last lines under the sign of those above
	p.top = min(p.top, p.maxTop)
	rows := h
	out := make([]string, 0, h)
	if p.top > 0 {
		out = append(out, sign(i18n.Tf("↑ %d %s above", p.top, linesWord(p.top))))
		rows--
	}
	below := len(lines) - p.top - rows
	if below > 0 {
		rows--
		below++
	}
	out = append(out, lines[p.top:p.top+rows]...)
	if below > 0 {
		more := i18n.Tf("↓ %d more %s", below, linesWord(below))
		if p.ScrollKeys != "" {
			more += " · " + i18n.Tf("%s scroll", p.ScrollKeys)
		}
		out = append(out, sign(more))
	}
	return out
}

// linesWord is "line" for one, "lines" otherwise.
func linesWord(n int) string {
	if n == 1 {
		return i18n.T("line")
	}
	return i18n.T("lines")
}
