package wiring

import (
	"os"
	"strconv"

	"github.com/charmbracelet/x/term"
)

// StdioIsTerminal reports whether both standard input and output are a terminal.
func StdioIsTerminal() bool {
	return term.IsTerminal(os.Stdin.Fd()) && term.IsTerminal(os.Stdout.Fd())
}

// defaultWidth is the line width when neither the terminal nor COLUMNS says.
const defaultWidth = 120

// LineWidth is how many cells a line of output may take: the terminal's
// width, else $COLUMNS, else defaultWidth.
func (c *Factory) LineWidth() int {
	if f, ok := c.Stdout.(*os.File); ok {
		if w, _, err := term.GetSize(f.Fd()); err == nil && w > 0 {
			return w
		}
	}
	if n, err := strconv.Atoi(c.Env("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return defaultWidth
}
