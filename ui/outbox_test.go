package ui

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/api"
	"triage/store"
	"triage/ui/internal/uitest"
	"triage/ui/views/board"
	"triage/ui/views/help"
	"triage/ui/views/history"
	"triage/ui/views/queue"
)

// realBoard runs the root over the real board, a real outbox and the fake
// service, and waits for the stories.
func realBoard(t *testing.T, opts Options) (*Model, *uitest.Driver, *uitest.Service, func() string) {
	t.Helper()
	return realBoardOver(t, uitest.NewService(), opts)
}

// realBoardOver is realBoard over the service svc.
func realBoardOver(t *testing.T, svc *uitest.Service, opts Options) (*Model, *uitest.Driver, *uitest.Service, func() string) {
	t.Helper()
	ctx := uitest.Context(svc, uitest.Themes[1], 100, 30)
	ctx.User, ctx.Method, ctx.WorkspaceID = "", "", 0
	ctx.Edits = uitest.NewEdits(t, svc, ctx.ServiceURL)
	opts.Auth, opts.Session, opts.WorkspaceID = fakeAuth{}, token(), 10022001
	m := New(ctx, opts)
	d := uitest.NewModelDriver(t, m)
	d.Send(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Run(m.Init())
	screen := func() string { return ansi.Strip(m.View().Content) }
	d.Until("the board shows the stories", func() bool {
		return ctx.Tasks.Idle() && strings.Contains(screen(), "story number 1")
	})
	return m, d, svc, screen
}

// TestHistoryFollowsTheEdits: U opens this session's changes over the board;
// the list follows an edit from waiting to sent, and the status line counts
// it while it waits.
func TestHistoryFollowsTheEdits(t *testing.T) {
	m, d, svc, screen := realBoard(t, Options{})
	svc.SetErr(&api.Error{Kind: api.ErrNetwork, Op: "update story", Err: errors.New("connection refused")})
	d.Press("l", "]")
	d.Until("the edit waits", func() bool { return strings.Contains(screen(), "1 edit waiting") })
	d.Press("U")
	d.Until("the history", func() bool { _, ok := m.top().(*history.Model); return ok })
	h := m.top().(*history.Model)
	if e, ok := h.Selected(); !ok || e.State.Pending() == false || e.To != "Middle" {
		t.Fatalf("the history shows %+v, want the move to Middle, waiting", e)
	}
	svc.SetErr(nil)
	d.Until("the history shows it sent", func() bool {
		e, ok := h.Selected()
		return ok && e.State == store.StateSent
	})
	d.Press("esc")
	d.Until("back on the board, nothing waiting", func() bool {
		_, onBoard := m.top().(*board.Model)
		return onBoard && !strings.Contains(screen(), "edit waiting")
	})
}

// TestQueueThroughTheRoot: t opens the queue over the board; a number key
// there moves the item on the board and in the service.
func TestQueueThroughTheRoot(t *testing.T) {
	m, d, svc, screen := realBoard(t, Options{})
	svc.Items[api.Story][2].PriorityLabel = ""
	d.Press("r")
	d.Until("the story without priority", func() bool { return strings.Contains(screen(), "No priority 1") })
	d.Press("t")
	d.Until("the queue", func() bool { _, ok := m.top().(*queue.Model); return ok })
	d.Press("3")
	d.Until("the service got the priority", func() bool { return len(svc.Sent()) == 1 })
	if got := svc.Sent()[0]; got != "1010022001000000003=Low" {
		t.Errorf("sent %s", got)
	}
	d.Until("the queue counts it saved", func() bool {
		return m.top().(*queue.Model).Counts().Set == 1 && strings.Contains(screen(), "1 set")
	})
	// ? shows the queue's keys that apply at its end (b back, not s skip),
	// though the queue holds the keyboard; esc goes back to it.
	d.Press("?")
	d.Until("the queue's help", func() bool {
		_, ok := m.top().(*help.Model)
		return ok && strings.Contains(screen(), "back") && !strings.Contains(screen(), "skip")
	})
	d.Press("esc")
	d.Until("the queue again", func() bool { _, ok := m.top().(*queue.Model); return ok })
}

// TestStartWarning: a warning of the start (the cache was rebuilt) is on
// the status line, and the board works.
func TestStartWarning(t *testing.T) {
	warning := errors.New("the item cache was unreadable and has been started afresh")
	_, d, _, screen := realBoard(t, Options{Warning: warning})
	d.Until("the warning on the status line", func() bool {
		lines := strings.Split(screen(), "\n")
		return strings.Contains(lines[len(lines)-1], "✗ the item cache was unreadable")
	})
}

// TestEnterInUUndoesAnOlderStep: in the U view, enter on an older change
// undoes its step on the service, and leaves the newer one.
func TestEnterInUUndoesAnOlderStep(t *testing.T) {
	m, d, svc, screen := realBoard(t, Options{})
	label := func(n int) string {
		it, err := svc.Get(context.Background(), 10022001, api.Story, fmt.Sprintf("10100220010000000%02d", n))
		if err != nil {
			t.Fatal(err)
		}
		return it.PriorityLabel
	}
	d.Press("l", "]")
	d.Until("the first move is confirmed", func() bool {
		return len(svc.Sent()) == 1 && strings.Contains(screen(), "#1 High → Middle") && !strings.Contains(screen(), "edit waiting")
	})
	d.Press("]")
	d.Until("the second move is confirmed", func() bool { return strings.Contains(screen(), "#2 High → Middle") })
	if label(1) != "Middle" || label(2) != "Middle" {
		t.Fatalf("after two moves the service holds %s and %s", label(1), label(2))
	}
	d.Press("U")
	d.Until("the history", func() bool { _, ok := m.top().(*history.Model); return ok })
	d.Until("the history says enter undoes the step", func() bool { return strings.Contains(screen(), "Enter undoes it.") })
	d.Press("j", "enter")
	d.Until("the older step undone", func() bool { return label(1) == "High" })
	if got := label(2); got != "Middle" {
		t.Errorf("the newer move was undone too: #2 is %s", got)
	}
	d.Until("the status line says what was undone", func() bool { return strings.Contains(screen(), "undid #1: Middle → High") })
}
