package itemref

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// columnGap is the space between two columns.
const columnGap = 2

// Shrink is a column that may be cut, and the cells it keeps.
type Shrink struct{ Col, Min int }

// PrintTable writes rows in columns aligned by display width, so that
// Chinese text (two cells a character) lines up too. The shrinkable columns
// are cut, by display width, so that a line fits in width cells.
func PrintTable(w io.Writer, rows [][]string, width int, shrinkable []Shrink) {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, cell := range r {
			widths[i] = max(widths[i], ansi.StringWidth(cell))
		}
	}
	total := (len(widths) - 1) * columnGap
	for _, cw := range widths {
		total += cw
	}
	for _, s := range shrinkable {
		if total <= width {
			break
		}
		cut := min(total-width, max(widths[s.Col]-s.Min, 0))
		widths[s.Col] -= cut
		total -= cut
	}
	var b strings.Builder
	for _, r := range rows {
		b.Reset()
		for i, cell := range r {
			cell = ansi.Truncate(cell, widths[i], "…")
			b.WriteString(cell)
			if i < len(r)-1 {
				b.WriteString(strings.Repeat(" ", widths[i]-ansi.StringWidth(cell)+columnGap))
			}
		}
		fmt.Fprintln(w, b.String())
	}
}
