package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// listRow is a row of the board's list mode: its mark, then "#id ".
var listRow = regexp.MustCompile(`^[▌ ]\s+#\d+ `)

// TestListUsesItsWidth drives the built binary in tmux against `triage
// serve` at 60, 80, 120 and 160 columns, in list mode on the Bugs tab: the
// id column is as wide as the widest id (the title follows "#180" after
// one space), no cell right of the title is cut (a status reads "In
// progress" whole; at 60 columns, where the title is at its narrowest,
// only the owners, last, may be), and at 160 columns no title is cut
// either, since the other columns leave it room for the longest.
func TestListUsesItsWidth(t *testing.T) {
	requireTmux(t)
	s := startServe(t)
	for _, width := range []int{60, 80, 120, 160} {
		t.Run(fmt.Sprint(width), func(t *testing.T) {
			term := startTerminal(t, width, 40, appEnv(t, s, s.env["TRIAGE_BASE_URL"]), triageBinary(t), "--insecure-storage")
			term.WaitFor(20*time.Second, "Stories 240")
			term.Send("Tab")
			term.WaitFor(20*time.Second, "180 bugs")
			term.Send("v")
			screen := term.WaitFor(20*time.Second, "Priority ▲", "In progress")
			lines := strings.Split(screen, "\n")
			header := lines[2]
			if !regexp.MustCompile(`^\s+ID {3}Title `).MatchString(header) {
				t.Errorf("the id column is not as wide as #180 at %d columns: %q", width, header)
			}
			titleEnd := ansi.StringWidth(header[:strings.Index(header, "Priority")])
			uncutEnd := width
			if width < 80 {
				uncutEnd = ansi.StringWidth(header[:strings.Index(header, "Owner")])
			}
			rows := 0
			for _, line := range lines[3:] {
				if !listRow.MatchString(line) {
					continue
				}
				rows++
				if right := ansi.Cut(line, titleEnd, uncutEnd); strings.Contains(right, "…") {
					t.Errorf("a cell right of the title is cut at %d columns: %q", width, line)
				}
				if width >= 160 && strings.Contains(line, "…") {
					t.Errorf("a title is cut at %d columns though the columns leave it room: %q", width, line)
				}
			}
			if rows < 20 {
				t.Errorf("%d list rows at %d columns; the screen shows:\n%s", rows, width, screen)
			}
		})
	}
}
