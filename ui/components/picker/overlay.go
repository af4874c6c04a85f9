package picker

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// DrawOver draws a box (a picker, a prompt) centred over a screen width
// cells wide, from line top down; the screen's cells left and right of the
// box stay.
func DrawOver(screen, box string, width, top int) string {
	lines := strings.Split(screen, "\n")
	boxLines := strings.Split(box, "\n")
	bw := lipgloss.Width(box)
	x := max((width-bw)/2, 0)
	for k, bl := range boxLines {
		y := top + k
		if y >= len(lines) {
			break
		}
		line := lines[y]
		left := ansi.Truncate(line, x, "")
		right := cellsFrom(line, x+bw)
		lines[y] = left + strings.Repeat(" ", x-ansi.StringWidth(left)) + "\x1b[m" + bl + "\x1b[m" + right
	}
	return strings.Join(lines, "\n")
}

// cellsFrom is line from cell x on: a wide character the cut splits gives
// way to a blank cell, so the line keeps its width.
func cellsFrom(line string, x int) string {
	want := ansi.StringWidth(line) - x
	right := ansi.TruncateLeft(line, x, "")
	for skip := 1; ansi.StringWidth(right) > want && skip < 3; skip++ {
		right = ansi.TruncateLeft(line, x+skip, "")
		right = strings.Repeat(" ", max(want-ansi.StringWidth(right), 0)) + right
	}
	return right
}
