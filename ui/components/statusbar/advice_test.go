package statusbar

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// TestStatusLineLeadsWithWhatToDo: a failed call with a long cause shows
// what to do at the front of a 120-column status line, and the errors view
// keeps the same text.
func TestStatusLineLeadsWithWhatToDo(t *testing.T) {
	cause := &api.Error{Kind: api.ErrNetwork, Op: "list stories",
		Err: errors.New("dial tcp 127.0.0.1:41237: connect: connection refused " + strings.Repeat("(long) ", 12))}
	for _, err := range []error{cause, fmt.Errorf("refresh stories: %w", cause), common.Advise("press R to send it again", cause)} {
		ctx := uitest.Context(uitest.NewService(), uitest.Themes[1], 120, 24)
		m := New(ctx)
		m.Update(common.StatusMsg{Err: err})
		line := strings.Split(ansi.Strip(m.View(120, nil, "")), "\n")[1]
		advice := "check the network and the service address, then retry: "
		if strings.HasPrefix(err.Error(), "press R") {
			advice = "press R to send it again: "
		}
		if !strings.Contains(line, "✗ "+advice) {
			t.Errorf("the status line does not lead with what to do:\n%q", line)
		}
		if recent := m.Recent(); len(recent) != 1 || !strings.HasPrefix(recent[0].Text, advice) {
			t.Errorf("the errors view reads %+v", recent)
		}
	}
}
