package main

import (
	"os"

	"github.com/charmbracelet/x/term"
)

// stdioIsTerminal reports whether both standard input and output are a terminal.
func stdioIsTerminal() bool {
	return term.IsTerminal(os.Stdin.Fd()) && term.IsTerminal(os.Stdout.Fd())
}
