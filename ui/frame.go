package ui

import (
	"strings"

	"triage/ui/common"
)

// frameLines fits the lines of the view on top to the terminal's width. A
// line the view drew exactly as in the last frame is fitted as it was then,
// so a key press measures only the lines it changed.
type frameLines struct {
	width   int
	drawn   []string // each line as the view drew it
	fitted  []string // and fitted
	lastLen int      // size of the last frame, to allocate the next one at once
}

// fit returns line i, as the view drew it, fitted to width cells.
func (f *frameLines) fit(i int, line string, width int) string {
	if width != f.width {
		f.width, f.drawn, f.fitted = width, f.drawn[:0], f.fitted[:0]
	}
	for len(f.drawn) <= i {
		f.drawn, f.fitted = append(f.drawn, ""), append(f.fitted, "")
	}
	if f.drawn[i] != line || f.fitted[i] == "" {
		f.drawn[i], f.fitted[i] = line, common.Fit(line, width)
	}
	return f.fitted[i]
}

// frame draws h lines of body, each fitted to width cells, then the bar.
func (f *frameLines) frame(body string, h, width int, bar string) string {
	var b strings.Builder
	b.Grow(f.lastLen)
	for i := range h {
		line, rest, _ := strings.Cut(body, "\n")
		body = rest
		b.WriteString(f.fit(i, line, width))
		b.WriteByte('\n')
	}
	b.WriteString(bar)
	f.lastLen = b.Len()
	return b.String()
}
