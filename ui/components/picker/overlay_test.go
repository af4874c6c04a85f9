package picker

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestDrawOverKeepsTheWidth: a box drawn over a line cut through a wide
// character keeps the line's width.
func TestDrawOverKeepsTheWidth(t *testing.T) {
	screen := "tabs\n\n宽宽宽宽宽宽宽宽宽宽\n"
	out := strings.Split(DrawOver(screen, "box", 20, 2), "\n")
	if w := ansi.StringWidth(out[2]); w != 20 || !strings.Contains(out[2], "box") {
		t.Errorf("line %q is %d wide, want the box within 20 cells", out[2], w)
	}
}
