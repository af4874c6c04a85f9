package ui

import (
	"strings"

	"triage/ui/common"
)

// frameLines fits the lines of the view on top to the terminal's width. A
// line the view drew as in the last frame, or as any line of the frames
// before (a card the cursor left looks as it did before it came), is
// fitted as it was then, so a key press measures only the lines it made
// anew.
type frameLines struct {
	width   int
	drawn   []string          // each line as the view drew it
	fitted  []string          // and fitted
	seen    map[string]string // lines of the last frames, drawn → fitted
	lastLen int               // size of the last frame, to allocate the next one at once
}

// maxSeenLines bounds the lines of earlier frames kept.
const maxSeenLines = 512

// fit returns line i, as the view drew it, fitted to width cells.
func (f *frameLines) fit(i int, line string, width int) string {
	if f.seen == nil || width != f.width || len(f.seen) >= maxSeenLines {
		f.width, f.drawn, f.fitted, f.seen = width, f.drawn[:0], f.fitted[:0], make(map[string]string, maxSeenLines)
	}
	for len(f.drawn) <= i {
		f.drawn, f.fitted = append(f.drawn, ""), append(f.fitted, "")
	}
	if f.drawn[i] == line && f.fitted[i] != "" {
		return f.fitted[i]
	}
	fitted, ok := f.seen[line]
	if !ok {
		fitted = common.Fit(line, width)
		f.seen[line] = fitted
	}
	f.drawn[i], f.fitted[i] = line, fitted
	return fitted
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
