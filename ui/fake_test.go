package ui

import (
	"context"
	"fmt"
	"sync"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/auth"
	"triage/ui/common"
	"triage/ui/internal/uitest"
	"triage/ui/views/login"
)

// fakeBoard stands for ui/views/board: e opens the editor on an item, n for a new
// one, x fails with an expired token; it records what the root gives it.
type fakeBoard struct {
	ctx     *common.Context
	mu      sync.Mutex
	loaded  []int64
	got     []tea.Msg
	retried int
	w, h    int
	status  string
}

func (b *fakeBoard) Load(ws int64) tea.Cmd {
	b.loaded = append(b.loaded, ws)
	return nil
}

func (b *fakeBoard) Status() string { return b.status }

func (b *fakeBoard) Badges() []string { return nil }

func (b *fakeBoard) Title() string { return "Board" }

func (b *fakeBoard) SetSize(w, h int) { b.w, b.h = w, h }

func (b *fakeBoard) KeyMap() help.KeyMap { return boardKeys{} }

func (b *fakeBoard) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		switch msg.String() {
		case "e":
			it := api.Item{Kind: api.Story, ID: "1010022001000000042", Title: "Export the board as CSV", PriorityLabel: "Middle", Status: "open"}
			return b, common.Cmd(common.OpenEditorMsg{Kind: api.Story, Item: &it, Options: uitest.PriorityFields(api.Story).PriorityOptions()})
		case "n":
			return b, common.Cmd(common.OpenEditorMsg{Kind: api.Bug, Options: uitest.PriorityFields(api.Bug).PriorityOptions()})
		case "x":
			return b, common.Cmd(common.AuthExpiredMsg{Retry: func() tea.Msg { return retriedMsg{} }})
		case "w":
			return b, common.Cmd(common.SwitchWorkspaceMsg{})
		}
	case retriedMsg:
		b.retried++
	case common.SaveItemMsg, common.CreateItemMsg, common.ReauthenticatedMsg, common.ThemeChangedMsg:
		b.mu.Lock()
		b.got = append(b.got, msg)
		b.mu.Unlock()
	}
	return b, nil
}

func (b *fakeBoard) View() string {
	return fmt.Sprintf("BOARD of workspace %d (%d×%d)\nStories · Bugs · Tasks", b.ctx.WorkspaceID, b.w, b.h)
}

// retriedMsg is what the Retry of the fake board's AuthExpiredMsg sends.
type retriedMsg struct{}

type boardKeys struct{}

func (boardKeys) ShortHelp() []key.Binding {
	return []key.Binding{key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit")), key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new"))}
}

func (k boardKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// fakeAuth accepts the personal token "good".
type fakeAuth struct{}

func (fakeAuth) StartOAuth(ctx context.Context) (login.OAuthFlow, error) {
	return nil, fmt.Errorf("no browser login in this test")
}

func (fakeAuth) LoginToken(ctx context.Context, token string) (auth.Session, error) {
	if token != "good" {
		return auth.Session{}, &api.Error{Kind: api.ErrCredentials, HTTPStatus: 422, Info: "The access token provided is invalid"}
	}
	return auth.Session{Service: "http://127.0.0.1:8080", Method: auth.MethodToken, Token: "good", Nick: "anyechen"}, nil
}

func (fakeAuth) Storage() string { return "the system keyring" }

func (fakeAuth) LoginBasic(ctx context.Context, user, password string) (auth.Session, error) {
	return auth.Session{}, fmt.Errorf("no API account in this test")
}
