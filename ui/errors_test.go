package ui

import (
	"errors"
	"strings"
	"testing"

	"triage/auth"
	"triage/ui/common"
	"triage/ui/views/errlog"
)

// TestErrorsInFull: ! opens the errors of this run in full, newest first,
// with their times, however long; esc closes it. It is listed in the help.
func TestErrorsInFull(t *testing.T) {
	h := start(t, token(), 10022001, nil)
	h.until("the board", h.onTop("board"))
	long := "press y to copy the address, ! for this error in full: could not open the browser: no browser can be opened here (no display); open the address by hand: http://127.0.0.1:8080/10022001/prong/stories/view/1010022001000000004"
	h.d.Send(common.StatusMsg{Err: errors.New("the first error")})
	h.d.Send(common.StatusMsg{Err: errors.New(long)})
	h.d.Press("!")
	h.until("the errors view", func() bool { _, ok := h.m.top().(*errlog.Model); return ok })
	screen := h.screen()
	flat := strings.Join(strings.Fields(screen), "")
	if !strings.Contains(flat, "opentheaddressbyhand:http://127.0.0.1:8080/10022001/prong/stories/view/1010022001000000004") {
		t.Errorf("the errors view does not show the whole error:\n%s", screen)
	}
	if i, j := strings.Index(screen, "no browser can"), strings.Index(screen, "the first error"); i < 0 || j < 0 || i > j {
		t.Errorf("the errors view is not newest first:\n%s", screen)
	}
	if !strings.Contains(screen, "Recent errors (2), newest first") || strings.Count(screen, ":") < 4 {
		t.Errorf("the errors view lacks its title or the times:\n%s", screen)
	}
	h.d.Press("esc")
	h.until("the board again", h.onTop("board"))
	h.d.Press("?")
	h.until("the help", h.onTop("help"))
	if !strings.Contains(h.screen(), "recent errors in full") {
		t.Errorf("the help does not list !:\n%s", h.screen())
	}
}

// TestSwitchWorkspaceSaysTheSame: w with an API account says what the start
// says of the same case, and a switch takes the previous workspace's
// message off the status line.
func TestSwitchWorkspaceSaysTheSame(t *testing.T) {
	b := start(t, &auth.Session{Method: auth.MethodBasic, APIUser: "northwind", APIPassword: "pw"}, 10022001, nil)
	b.until("the board", b.onTop("board"))
	b.d.Press("w")
	b.d.Settle()
	if line := b.statusLine(); !strings.Contains(line, "start triage with --workspace ID") {
		t.Errorf("w with an API account says:\n%s", line)
	}

	h := start(t, token(), 10022001, nil)
	h.until("the board", h.onTop("board"))
	h.d.Send(common.StatusMsg{Err: errors.New("a failure in the first workspace")})
	if !strings.Contains(h.statusLine(), "a failure in the first workspace") {
		t.Fatalf("the status line does not show the error: %s", h.statusLine())
	}
	h.d.Press("w")
	h.until("the picker", h.onTop("picker"))
	h.d.Press("down", "enter")
	h.until("the board of Payments", func() bool { return h.ctx.WorkspaceID == 10022002 })
	h.d.Settle()
	if line := h.statusLine(); strings.Contains(line, "a failure in the first workspace") {
		t.Errorf("after w the previous workspace's error stays: %s", line)
	}
}
