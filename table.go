package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// shrinkRule names a column cut, by display width, when a line would not
// fit, and the cells it keeps at least.
type shrinkRule = struct{ col, min int }

// printTable writes rows in columns aligned by display width, so that
// Chinese text (two cells a character) lines up too. The shrinkable columns
// are cut, in their order, so that a line fits in width cells.
func printTable(w io.Writer, rows [][]string, width int, shrink []shrinkRule) {
	if len(rows) == 0 {
		return
	}
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
	for _, s := range shrink {
		if total <= width {
			break
		}
		cut := min(total-width, max(widths[s.col]-s.min, 0))
		widths[s.col] -= cut
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
