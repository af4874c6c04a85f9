package editor

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
)

// TestReadOnlyFieldsLookIt: the one field the editor cannot change, the id,
// is drawn as text, not as a field to tab to; the status, owners and
// iteration are fields the editor edits, so none of them says read-only.
func TestReadOnlyFieldsLookIt(t *testing.T) {
	m, d := newEditor(t, open(story(), api.Story))
	screen := ansi.Strip(m.View())
	if strings.Contains(screen, "(read-only)") {
		t.Errorf("an editable field says read-only:\n%s", screen)
	}
	for _, want := range []string{"  ID        1010022001000000042", "Status    planning", "Owners    anyechen", "Iteration none"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the editor does not show %q:\n%s", want, screen)
		}
	}
	for range 8 {
		d.Press("tab")
		d.Settle()
		if strings.Contains(ansi.Strip(m.View()), "▶ ID") {
			t.Fatalf("tab reached the id:\n%s", ansi.Strip(m.View()))
		}
	}
}
