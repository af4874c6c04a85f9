package ui

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
)

// TestErrorScreensInChinese draws the errors a user meets in Chinese at
// every size: the service out of reach at start (the root's error state),
// and an expired token on the board's status line, what to do first, no
// line wider than the terminal though each Chinese rune takes two cells.
func TestErrorScreensInChinese(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	tests := []struct {
		name  string
		ws    int64
		setup func(*uitest.Service)
		send  []tea.Msg
		ready string
	}{
		{"unreachable_zh", 0, func(s *uitest.Service) {
			s.Err = &api.Error{Kind: api.ErrNetwork, Op: "list workspaces", Err: errors.New("dial tcp 127.0.0.1:8080: connect: connection refused")}
		}, nil, "无法连接服务"},
		{"expired_zh", 10022001, nil, []tea.Msg{common.StatusMsg{Err: &api.Error{Kind: api.ErrTokenExpired, Op: "read user info",
			HTTPStatus: 422, Info: "The access token provided has expired"}}}, "访问令牌已过期"},
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
					return uitest.Record(New(ctx, Options{Auth: fakeAuth{}, Session: token(), WorkspaceID: tt.ws,
						NewBoard: func(c *common.Context, _ *engine.Engine) Board { return &fakeBoard{ctx: c} }}))
				},
				Drive: func(tm *teatest.TestModel) { uitest.Send(tm, tt.send...) },
				Ready: func(s string) bool { return strings.Contains(s, tt.ready) },
			})
		})
	}
}
