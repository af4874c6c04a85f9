package dialog

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
)

// TestOutputShowsTheLastLines: a program's output keeps its last
// OutputLines lines and says how many came before.
func TestOutputShowsTheLastLines(t *testing.T) {
	var out strings.Builder
	for n := range 25 {
		fmt.Fprintf(&out, "line %d\n", n)
	}
	b := Output("deploy", out.String())
	if len(b.Lines) != OutputLines+1 || b.Lines[0] != "(5 lines before)" || b.Lines[OutputLines] != "line 24" {
		t.Errorf("output box lines %q", b.Lines)
	}
	if short := Output("ok", "done\n"); len(short.Lines) != 1 || short.Lines[0] != "done" {
		t.Errorf("a short output: %q", short.Lines)
	}
}

// TestBoxFitsTheView: the box's lines are wrapped to fit over the view,
// control characters shown as spaces.
func TestBoxFitsTheView(t *testing.T) {
	s := common.NewContext(nil, true).Styles
	b := Box{Title: "Move 3 marked stories?", Lines: []string{strings.Repeat("word ", 40), "tab\there"}, Hint: "y/enter confirms"}
	for _, viewW := range []int{40, 120} {
		out := b.View(s, viewW)
		for _, l := range strings.Split(out, "\n") {
			if w := ansi.StringWidth(l); w > viewW {
				t.Errorf("a line %d cells wide over a view %d wide: %q", w, viewW, l)
			}
		}
		if strings.Contains(out, "\t") {
			t.Error("a tab reached the screen")
		}
	}
}
