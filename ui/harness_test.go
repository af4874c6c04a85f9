package ui

import (
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"triage/auth"
	"triage/ui/common"
	"triage/ui/components/picker"
	"triage/ui/engine"
	"triage/ui/internal/uitest"
	"triage/ui/views/editor"
	"triage/ui/views/help"
	"triage/ui/views/login"
)

// harness is the root driven as ui/cli/open runs it, over a fake board and
// service, with what its callbacks were given.
type harness struct {
	t          *testing.T
	m          *Model
	d          *uitest.Driver
	ctx        *common.Context
	svc        *uitest.Service
	board      *fakeBoard
	mu         sync.Mutex
	logins     []auth.Session
	remembered []int64
	loginErr   error // what OnLogin returns
}

// start runs the root like ui/cli/open would, with the fake board, at 80×24.
func start(t *testing.T, s *auth.Session, ws int64, setup func(*uitest.Service)) *harness {
	t.Helper()
	return startWith(t, &harness{t: t, svc: uitest.NewService()}, s, ws, setup)
}

func startWith(t *testing.T, h *harness, s *auth.Session, ws int64, setup func(*uitest.Service)) *harness {
	t.Helper()
	if setup != nil {
		setup(h.svc)
	}
	h.ctx = uitest.Context(h.svc, uitest.Themes[1], 80, 24)
	h.ctx.User, h.ctx.Method, h.ctx.WorkspaceID = "", "", 0
	h.m = New(h.ctx, Options{
		Auth: fakeAuth{},
		OnLogin: func(s auth.Session) error {
			h.mu.Lock()
			defer h.mu.Unlock()
			h.logins = append(h.logins, s)
			return h.loginErr
		},
		RememberWorkspace: func(id int64) error {
			h.mu.Lock()
			defer h.mu.Unlock()
			h.remembered = append(h.remembered, id)
			return nil
		},
		Session:     s,
		WorkspaceID: ws,
		NewBoard: func(ctx *common.Context, _ *engine.Engine) Board {
			h.board = &fakeBoard{ctx: ctx}
			return h.board
		},
	})
	h.d = uitest.NewModelDriver(t, h.m)
	h.d.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	h.d.Run(h.m.Init())
	return h
}

func (h *harness) until(what string, cond func() bool) { h.t.Helper(); h.d.Until(what, cond) }

func (h *harness) screen() string { return ansi.Strip(h.m.View().Content) }

// statusLine is the screen's last line.
func (h *harness) statusLine() string {
	lines := strings.Split(h.screen(), "\n")
	return lines[len(lines)-1]
}

func (h *harness) onTop(what string) func() bool {
	return func() bool { return viewName(h.m.top()) == what }
}

func viewName(c common.Component) string {
	switch c.(type) {
	case nil:
		return "none"
	case *login.Model:
		return "login"
	case *picker.Model:
		return "picker"
	case *editor.Model:
		return "editor"
	case *help.Model:
		return "help"
	case *fakeBoard:
		return "board"
	}
	return "?"
}

func (h *harness) stack() []string {
	var out []string
	for _, c := range h.m.stack {
		out = append(out, viewName(c))
	}
	return out
}

func token() *auth.Session {
	return &auth.Session{Method: auth.MethodToken, Token: "good", Nick: "anyechen"}
}
