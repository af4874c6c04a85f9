package board

import (
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/internal/uitest"
)

// TestRefusedCardIsBackInTheFrameOfItsFailure draws a frame after every
// message, as Bubble Tea does, while a refused move is answered: no frame
// shows the card's failure mark while the card is still in the column it
// was moved to. The engine tells the board in the Update of the failure.
func TestRefusedCardIsBackInTheFrameOfItsFailure(t *testing.T) {
	svc := newFakeService()
	svc.writeErrs = []error{&api.Error{Kind: api.ErrValidation, Op: "update bug", HTTPStatus: 422, Info: "not allowed"}}
	h := newHarness(t, svc, true, 120, 40).load().keys("tab")
	back := regexp.MustCompile(`(?m)^.{0,3}✗Typo in`) // the refused card in its first column, marked
	queue := uitest.Keys("]")
	marked := false
	for steps := 0; len(queue) > 0; steps++ {
		if steps > 500 {
			t.Fatal("the edit's messages do not end")
		}
		msg := queue[0]
		queue = queue[1:]
		if tm, ok := msg.(timerMsg); ok {
			msg = tm.msg
		}
		cmd, ok := h.m.eng.Update(msg)
		if !ok {
			_, cmd = h.m.Update(msg)
		}
		screen := h.screen()
		if strings.Contains(screen, "✗") {
			marked = true
			if !back.MatchString(screen) {
				t.Fatalf("a frame shows the failure mark on a card not back in its column:\n%s", screen)
			}
		}
		queue = append(queue, messagesOf(cmd)...)
	}
	if !marked {
		t.Fatalf("no frame shows the refused card marked:\n%s", h.screen())
	}
}

// messagesOf runs a command and returns its messages, a batch's one by one.
func messagesOf(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case nil:
		return nil
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, messagesOf(c)...)
		}
		return out
	default:
		return []tea.Msg{msg}
	}
}
