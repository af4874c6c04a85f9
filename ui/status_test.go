package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"triage/ui/common"
)

// TestStatusLineErrorGoesWhenItsTaskSucceeds drives the root's Update: the
// error of a failed refresh leaves the status line when the next refresh of
// the same thing succeeds, and only then.
func TestStatusLineErrorGoesWhenItsTaskSucceeds(t *testing.T) {
	h := start(t, token(), 10022001, nil)
	h.until("the board", h.onTop("board"))
	h.until("idle", h.ctx.Tasks.Idle)
	h.d.Settle()
	const failure = "list bugs: cannot reach the service"
	steps := []struct {
		msg  common.StatusMsg
		want bool // the error shows after it
	}{
		{common.StatusMsg{Task: "loading bugs", Err: errors.New(failure)}, true},
		{common.StatusMsg{Task: "loading stories"}, true},
		{common.StatusMsg{Task: "loading bugs"}, false},
	}
	for i, st := range steps {
		h.d.Send(st.msg)
		h.d.Settle()
		if line := ansi.Strip(h.statusLine()); strings.Contains(line, failure) != st.want {
			t.Errorf("after step %d (%+v) the status line is %q", i+1, st.msg, line)
		}
	}
}
