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
	"triage/ui/engine"
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
		real    bool // the real board, not the fake
	}{
		{"login", nil, 0, nil, nil, nil, "How do you want", false, false},
		{"loading", token(), 0, func(s *uitest.Service) { s.Hold = make(chan struct{}) }, nil, nil, "Loading your workspaces", true, false},
		{"error", token(), 0, func(s *uitest.Service) {
			s.Err = &api.Error{Kind: api.ErrNetwork, Op: "list workspaces", Err: errors.New("dial tcp 127.0.0.1:8080: connect: connection refused")}
		}, nil, nil, "r tries again", false, false},
		{"picker", token(), 0, nil, nil, nil, "Choose a workspace", false, false},
		{"board", expiring, 0, nil, nil, []tea.Msg{common.StatusMsg{Err: errors.New("moving bug 7 failed: the service is overloaded; press r to retry")}}, "moving bug 7", false, false},
		{"editor", token(), 10022001, nil, []string{"e"}, nil, "Edit story", false, false},
		{"help", token(), 10022001, nil, []string{"?"}, nil, "Keys — Board", false, false},
		{"reauth", token(), 10022001, nil, []string{"x"}, nil, "Session expired", false, false},
		{"real board", token(), 10022001, nil, []string{"l"}, nil, "story number 3", false, true},
		{"real board editor", token(), 10022001, nil, []string{"l", "j", "e", "WAIT:Edit story", "tab"}, nil, "Edit story 2", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uitest.Golden(t, serviceWith(tt.setup), uitest.Screen{
				Build: rootScreen(tt.session, tt.ws, tt.real),
				Drive: func(tm *teatest.TestModel) {
					teatest.WaitFor(t, tm.Output(), func(out []byte) bool {
						return !tt.real || strings.Contains(string(out), "story number 3")
					}, teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
					for _, k := range tt.keys {
						if wait, ok := strings.CutPrefix(k, "WAIT:"); ok {
							teatest.WaitFor(t, tm.Output(), func(out []byte) bool { return strings.Contains(string(out), wait) },
								teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
							continue
						}
						uitest.Send(tm, uitest.Keys(k)...)
					}
					uitest.Send(tm, tt.send...)
				},
				Ready:     uitest.Showing(tt.ready),
				AllowBusy: tt.busy,
			})
		})
	}
}

// serviceWith makes the fake service as setup changes it (nil: as it is).
func serviceWith(setup func(*uitest.Service)) func() common.Service {
	return func() common.Service {
		s := uitest.NewService()
		if setup != nil {
			setup(s)
		}
		return s
	}
}

// rootScreen builds the root on nobody's context with session and
// workspace ws, over the fake board, or over the real one when real.
func rootScreen(session *auth.Session, ws int64, real bool) func(*common.Context) tea.Model {
	return func(ctx *common.Context) tea.Model {
		ctx.User, ctx.Method, ctx.WorkspaceID = "", "", 0
		opts := Options{Auth: fakeAuth{}, Session: session, WorkspaceID: ws,
			NewBoard: func(c *common.Context, _ *engine.Engine) Board { return &fakeBoard{ctx: c} }}
		if real {
			opts.NewBoard = nil
		}
		return uitest.Record(New(ctx, opts))
	}
}
