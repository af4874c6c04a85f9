package status

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"triage/ui/i18n"
)

// labelCells is how wide the labels of `triage status` are, so their
// values line up: "Stored in:  " in English.
const labelCells = 12

// label is a line's label in the language in use, padded to labelCells
// by display width (a Chinese rune takes two cells).
func label(name string) string {
	text := i18n.T(name)
	return text + strings.Repeat(" ", max(1, labelCells-ansi.StringWidth(text)))
}
