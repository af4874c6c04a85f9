// Package dialog is a small question drawn in a box over a view, that
// holds the keyboard until answered: a title, lines of text wrapped to the
// box, and a hint of the answers. What each answer does is the view's; the
// box also shows what a program printed (Output).
package dialog

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
	"triage/ui/i18n"
)

// OutputLines is how many of a program's last lines Output shows.
const OutputLines = 20

// Box is what a dialog says.
type Box struct {
	Title string
	Lines []string // wrapped to the box; control characters shown as spaces
	Hint  string   // the answers
}

// Output is a box of what a program printed, its last OutputLines lines,
// closed by any key.
func Output(title, output string) Box {
	lines := strings.Split(strings.TrimRight(output, "\n"), "\n")
	if len(lines) > OutputLines {
		lines = append([]string{i18n.Tf("(%d lines before)", len(lines)-OutputLines)}, lines[len(lines)-OutputLines:]...)
	}
	return Box{Title: title, Lines: lines, Hint: i18n.T("any key closes")}
}

// width is how wide the box is drawn (inside its border) over a view
// viewW cells wide.
func width(viewW int) int {
	return max(min(max(viewW*2/3, 44), 80, viewW-6), 10)
}

// View draws the box over a view viewW cells wide.
func (b Box) View(s *common.Styles, viewW int) string {
	w := width(viewW)
	var sb strings.Builder
	sb.WriteString(s.Title.Render(ansi.Truncate(b.Title, w, "…")))
	for _, l := range b.Lines {
		for _, wl := range strings.Split(ansi.Wrap(common.Sanitize(l), w, ""), "\n") {
			sb.WriteByte('\n')
			sb.WriteString(s.Text.Render(wl))
		}
	}
	sb.WriteString("\n\n")
	sb.WriteString(s.Subtle.Render(ansi.Truncate(b.Hint, w, "…")))
	return s.Dialog.Render(sb.String())
}

// Keys are the answers of a dialog open, for the help line.
type Keys []key.Binding

func (k Keys) ShortHelp() []key.Binding  { return k }
func (k Keys) FullHelp() [][]key.Binding { return [][]key.Binding{k} }
