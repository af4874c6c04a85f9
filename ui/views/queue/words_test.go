package queue

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/engine"
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
	m.AnswerField(engine.Owner)
	screen := ansi.Strip(m.View())
	if n := strings.Count(screen, "Owner"); n != 1 || !strings.Contains(screen, "anyechen, lily") {
		t.Errorf("Owner is on the card %d times, want once:\n%s", n, screen)
	}
	if why := m.keys.Why.Help().Key; !strings.Contains(screen, why+" why") {
		t.Errorf("the hints do not name %q, the why key:\n%s", why, screen)
	}
}

// TestAllSeenKeysAndWords: once every card is seen, the help names only
// the keys that apply there (b back, close, help), not the digits, s or
// the why; and one card seen is one: "1 bug seen.", not "All 1 bugs seen.".
func TestAllSeenKeysAndWords(t *testing.T) {
	m, d := newQueue(t, bugs(), api.Bug)
	d.Send(steps("s")...)
	var shown []string
	for _, b := range m.KeyMap().ShortHelp() {
		if b.Enabled() {
			shown = append(shown, b.Help().Key+" "+b.Help().Desc)
		}
	}
	for _, group := range m.KeyMap().FullHelp() {
		for _, b := range group {
			if b.Enabled() && (b.Help().Key == m.keys.Set.Help().Key || b.Help().Key == "s" || b.Help().Key == m.keys.Why.Help().Key) {
				t.Errorf("the full help of the end names %q", b.Help().Key+" "+b.Help().Desc)
			}
		}
	}
	if strings.Join(shown, " · ") != "b back · esc/q close · ? help" {
		t.Errorf("the help of the end shows %q, want b back · esc/q close · ? help", shown)
	}
	if screen := ansi.Strip(m.View()); !strings.Contains(screen, "1 bug seen.") || strings.Contains(screen, "All 1") {
		t.Errorf("the end of a queue of one bug says:\n%s", screen)
	}

	empty, _ := newQueue(t, nil, api.Bug)
	for _, b := range empty.KeyMap().ShortHelp() {
		if b.Enabled() && b.Help().Key != "esc/q" && b.Help().Key != "?" {
			t.Errorf("an empty queue's help names %q", b.Help().Key+" "+b.Help().Desc)
		}
	}
}
