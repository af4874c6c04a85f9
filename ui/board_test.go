package ui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/ui/internal/uitest"
	"triage/ui/views/board"
	"triage/ui/views/editor"
)

// TestWithTheRealBoard drives the root over the real board and the fake
// service: the board loads, e opens the editor, a new priority saved there
// reaches the service as priority_label.
func TestWithTheRealBoard(t *testing.T) {
	svc := uitest.NewService()
	ctx := uitest.Context(svc, uitest.Themes[1], 100, 30)
	ctx.User, ctx.Method, ctx.WorkspaceID = "", "", 0
	ctx.Edits = uitest.NewEdits(t, svc, ctx.ServiceURL)
	m := New(ctx, Options{Auth: fakeAuth{}, Session: token(), WorkspaceID: 10022001})
	d := uitest.NewModelDriver(t, m)
	d.Send(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.Run(m.Init())
	screen := func() string { return ansi.Strip(m.View().Content) }
	d.Until("the board shows the stories", func() bool {
		return ctx.Tasks.Idle() && strings.Contains(screen(), "story number 1")
	})
	if _, ok := m.top().(*board.Model); !ok {
		t.Fatalf("top is %T", m.top())
	}
	d.Press("l", "e") // from the "No priority" column to the first card of High
	d.Until("the editor", func() bool { _, ok := m.top().(*editor.Model); return ok })
	d.Press("tab", "enter", "down", "enter", "ctrl+s")
	d.Until("back on the board", func() bool { _, ok := m.top().(*board.Model); return ok })
	d.Until("the service got the priority", func() bool { return len(svc.Sent()) == 1 })
	if got := svc.Sent(); !slices.Equal(got, []string{"1010022001000000001=Middle"}) {
		t.Fatalf("priorities sent: %v", got)
	}
}
