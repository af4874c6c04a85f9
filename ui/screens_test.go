package ui

import (
	"errors"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/api"
	"triage/auth"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

func TestScreens(t *testing.T) {
	expiring := &auth.Session{Method: auth.MethodOAuth, Nick: "anyechen", WorkspaceID: 10022001,
		ExpiresAt: uitest.Clock.Add(8*time.Minute + 10*time.Second)}
	tests := []struct {
		name    string
		session *auth.Session
		ws      int64
		setup   func(*uitest.Service)
		keys    []string
		send    []tea.Msg
		ready   string
		busy    bool
	}{
		{"login", nil, 0, nil, nil, nil, "How do you want", false},
		{"loading", token(), 0, func(s *uitest.Service) { s.Hold = make(chan struct{}) }, nil, nil, "Loading your workspaces", true},
		{"error", token(), 0, func(s *uitest.Service) {
			s.Err = &api.Error{Kind: api.ErrNetwork, Op: "list workspaces", Err: errors.New("dial tcp 127.0.0.1:8080: connect: connection refused")}
		}, nil, nil, "r tries again", false},
		{"picker", token(), 0, nil, nil, nil, "Choose a workspace", false},
		{"board", expiring, 0, nil, nil, []tea.Msg{common.StatusMsg{Err: errors.New("moving bug 7 failed: the service is overloaded; press r to retry")}}, "moving bug 7", false},
		{"editor", token(), 10022001, nil, []string{"e"}, nil, "Edit story", false},
		{"help", token(), 10022001, nil, []string{"?"}, nil, "Keys — Board", false},
		{"reauth", token(), 10022001, nil, []string{"x"}, nil, "Session expired", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uitest.Golden(t, func() common.Service {
				s := uitest.NewService()
				if tt.setup != nil {
					tt.setup(s)
				}
				return s
			}, uitest.Screen{
				Build: func(ctx *common.Context) tea.Model {
					ctx.User, ctx.Method, ctx.WorkspaceID = "", "", 0
					return uitest.Record(New(ctx, Options{Auth: fakeAuth{}, Session: tt.session, WorkspaceID: tt.ws,
						NewBoard: func(c *common.Context) Board { return &fakeBoard{ctx: c} }}))
				},
				Drive: func(tm *teatest.TestModel) {
					teatest.WaitFor(t, tm.Output(), func([]byte) bool { return true })
					uitest.Send(tm, uitest.Keys(tt.keys...)...)
					uitest.Send(tm, tt.send...)
				},
				Ready:     func(s string) bool { return strings.Contains(s, tt.ready) },
				AllowBusy: tt.busy,
			})
		})
	}
}
