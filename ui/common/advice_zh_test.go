package common

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"triage/api"
	"triage/store"
	"triage/ui/i18n"
)

// TestErrorsAUserMeetsInChinese: the errors a user meets most, drawn where
// ui draws an error (ErrorText), in Chinese with what to do first; the
// service's own words and Go's network words stay as they are, and the
// English text is the one it always was.
func TestErrorsAUserMeetsInChinese(t *testing.T) {
	defer i18n.Use(i18n.Current())
	refused := errors.New("dial tcp 127.0.0.1:9: connect: connection refused")
	tests := []struct {
		name   string
		err    error
		zh, en string
	}{
		{"network down", &api.Error{Kind: api.ErrNetwork, Op: "list workspaces", Err: refused},
			"请检查网络和服务地址后重试：列出项目：无法连接服务（dial tcp 127.0.0.1:9: connect: connection refused）",
			"check the network and the service address, then retry: list workspaces: cannot reach the service (dial tcp 127.0.0.1:9: connect: connection refused)"},
		{"expired token", &api.Error{Kind: api.ErrTokenExpired, Op: "read user info", HTTPStatus: 422, Info: "The access token provided has expired"},
			"请运行 `triage login` 重新登录：读取用户信息：访问令牌已过期",
			"run `triage login` to sign in again: read user info: the access token has expired"},
		{"401", &api.Error{Kind: api.ErrCredentials, Op: "list workspaces", HTTPStatus: 401, Info: "Unauthorized"},
			"请运行 `triage login`：列出项目：凭据被拒绝（401：Unauthorized）",
			"run `triage login`: list workspaces: the credentials were refused (401: Unauthorized)"},
		{"403", &api.Error{Kind: api.ErrForbidden, Op: "list workspaces", HTTPStatus: 403, Info: "没有权限"},
			"请选择此账号有权访问的项目，或换用有权限的账号登录：列出项目：无权访问（403：没有权限）",
			"pick a workspace this account may use, or log in with one that may: list workspaces: access was refused (403: 没有权限)"},
		{"429", &api.Error{Kind: api.ErrRateLimited, Op: "list workspaces", HTTPStatus: 429, Info: "API rate limit exceeded", RetryAfter: 45 * time.Second},
			"请等待 45s 后重试：列出项目：请求过多（429：API rate limit exceeded）",
			"wait 45s and retry: list workspaces: too many requests (429: API rate limit exceeded)"},
		{"malformed answer", &api.Error{Kind: api.ErrNotJSON, Op: "read user info", HTTPStatus: 502, Excerpt: "<html>Bad gateway"},
			"请检查服务地址，或稍后重试：读取用户信息：服务应答 HTTP 502，内容不是 JSON（\"<html>Bad gateway\"）",
			"check the service address, or retry later: read user info: the service answered HTTP 502 with something that is not JSON (\"<html>Bad gateway\")"},
		{"refused write", &api.Error{Kind: api.ErrValidation, Op: "list workspaces", HTTPStatus: 422, Info: "priority_label 不存在", RequestID: "abc"},
			"请修改后重试：列出项目：服务拒绝了请求（422：priority_label 不存在）［请求 abc］",
			"correct it and retry: list workspaces: the service refused the request (422: priority_label 不存在) [request abc]"},
		{"outbox in use", fmt.Errorf("open the board: %w", store.ErrOutboxLocked),
			"open the board: 待发送队列被另一个 triage 占用且未释放；请重试，若一直如此，请关闭另一个 triage",
			"open the board: the outbox is held by another triage that does not let go of it; retry, and if it lasts, close the other triage"},
		{"refused status move", api.Errorf("#%s %s", "1003", api.CannotMove("Open", "Done", []string{"In progress", "Rejected"})),
			"#1003 不能从 Open 改为 Done；Open 只能改为：In progress, Rejected",
			"#1003 cannot go from Open to Done; from Open it can go to: In progress, Rejected"},
		{"advice of ui in front", Advise("按 R 重新发送", &api.Error{Kind: api.ErrServer, Op: "list workspaces", HTTPStatus: 500}),
			"按 R 重新发送：列出项目：服务出错（500）；请稍后重试",
			"按 R 重新发送: list workspaces: the service failed (500); retry later"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			i18n.Use(i18n.Chinese)
			if got := ErrorText(tt.err); got != tt.zh {
				t.Errorf("in Chinese:\n got %q\nwant %q", got, tt.zh)
			}
			i18n.Use(i18n.English)
			if got := ErrorText(tt.err); got != tt.en {
				t.Errorf("in English:\n got %q\nwant %q", got, tt.en)
			}
		})
	}
}
