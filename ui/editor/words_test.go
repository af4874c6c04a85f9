package editor

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
)

// TestReadOnlyFieldsLookIt: the fields the editor cannot change say so,
// Owner as Status does, so that neither looks like a field to tab to.
func TestReadOnlyFieldsLookIt(t *testing.T) {
	m, _ := newEditor(t, open(story(), api.Story))
	screen := ansi.Strip(m.View())
	for _, want := range []string{"Status    planning (read-only)", "Owner     anyechen (read-only)"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the editor does not show %q:\n%s", want, screen)
		}
	}
}
