package uitest

import (
	"strings"
	"testing"
)

// TestTerminalPlainFrameAllocations holds the renderer to what Bubble Tea
// v2.1.1 brought: a plain 120×40 frame, unchanged, costs a handful of
// allocations (v2.0.10's renderer made 163, one or more for every line).
func TestTerminalPlainFrameAllocations(t *testing.T) {
	row := strings.Repeat("abcdefghij", 12)
	frame := strings.TrimSuffix(strings.Repeat(row+"\n", 40), "\n")
	term := NewTerminal(120, 40)
	if _, err := term.Frame(frame); err != nil {
		t.Fatal(err)
	}
	var out []byte
	allocs := testing.AllocsPerRun(50, func() {
		var err error
		if out, err = term.Frame(frame); err != nil {
			t.Fatal(err)
		}
	})
	if len(out) != 0 {
		t.Errorf("an unchanged frame wrote %q, want nothing", out)
	}
	if allocs > 8 {
		t.Errorf("a plain unchanged frame made %.0f allocations, want at most 8", allocs)
	}
}
