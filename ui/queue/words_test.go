package queue

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/workspace"
)

// TestHelpAndHintsAgree: the queue's help and its hints name the same keys:
// one digit range, and q closes it as esc does; its counts are written as
// every view writes numbers.
func TestHelpAndHintsAgree(t *testing.T) {
	m, _ := newQueue(t, stories(), api.Story)
	digits := m.KeyMap().ShortHelp()[0].Help().Key
	closeKey := m.KeyMap().ShortHelp()[3].Help().Key
	screen := ansi.Strip(m.View())
	if digits != "1–4" || !strings.Contains(screen, digits+" set and go on") {
		t.Errorf("the help says %q, the hints:\n%s", digits, screen)
	}
	if closeKey != "esc/q" || !strings.Contains(screen, closeKey+" close") {
		t.Errorf("the help closes with %q, the hints:\n%s", closeKey, screen)
	}

	many := make([]api.Item, 3981)
	for i := range many {
		many[i] = api.Item{Kind: api.Story, ID: fmt.Sprintf("1010022001%09d", i+1), WorkspaceID: "10022001", Title: "t", Status: "planning"}
	}
	big, _ := newQueue(t, many, api.Story)
	if s := ansi.Strip(big.View()); !strings.Contains(s, "1 of 3,981") {
		t.Errorf("the queue's count is not written as elsewhere:\n%s", s)
	}
}

// TestAnsweredFieldShownOnce: a queue that answers the owner shows the
// owners once, on the answer's line above the other details, not again
// among them; and its hints name the why key as its help does.
func TestAnsweredFieldShownOnce(t *testing.T) {
	m, _ := newQueue(t, stories(), api.Story)
	m.AnswerField(workspace.Owner)
	screen := ansi.Strip(m.View())
	if n := strings.Count(screen, "Owner"); n != 1 || !strings.Contains(screen, "anyechen, lily") {
		t.Errorf("Owner is on the card %d times, want once:\n%s", n, screen)
	}
	if why := m.keys.Why.Help().Key; !strings.Contains(screen, why+" why") {
		t.Errorf("the hints do not name %q, the why key:\n%s", why, screen)
	}
}
