package ui

import (
	"errors"
	"testing"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

// TestErrorScreensInChinese draws the errors a user meets in Chinese at
// every size: the service out of reach at start (the root's error state),
// and an expired token on the board's status line, what to do first, no
// line wider than the terminal though each Chinese rune takes two cells.
func TestErrorScreensInChinese(t *testing.T) {
	uitest.InChinese(t)
	unreachable := func(s *uitest.Service) {
		s.Err = &api.Error{Kind: api.ErrNetwork, Op: "list workspaces", Err: errors.New("dial tcp 127.0.0.1:8080: connect: connection refused")}
	}
	expired := common.StatusMsg{Err: &api.Error{Kind: api.ErrTokenExpired, Op: "read user info",
		HTTPStatus: 422, Info: "The access token provided has expired"}}
	uitest.Goldens(t,
		uitest.Case{Name: "unreachable_zh", Service: serviceWith(unreachable), Screen: uitest.Screen{
			Build: rootScreen(token(), 0, false), Ready: uitest.Showing("无法连接服务")}},
		uitest.Case{Name: "expired_zh", Screen: uitest.Screen{
			Build: rootScreen(token(), 10022001, false),
			Drive: func(tm *teatest.TestModel) { uitest.Send(tm, expired) },
			Ready: uitest.Showing("访问令牌已过期")}},
	)
}
