package ui

import (
	"errors"
	"fmt"
	"strconv"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/auth"
	"triage/ui/common"
	"triage/ui/components/picker"
	"triage/ui/i18n"
	"triage/ui/views/login"
)

// Answers of the root's own work.
type (
	loginAppliedMsg struct {
		session auth.Session
		err     error
	}
	workspacesMsg struct {
		spaces []api.Workspace
		err    error
	}
	rememberedMsg     struct{ err error }
	listWorkspacesMsg struct{} // list them (again)
	switchSpacesMsg   struct { // the workspaces to switch to from the board
		spaces []api.Workspace
		err    error
	}
	namesMsg struct {
		spaces []api.Workspace // to name the workspace opened by id
		kept   bool            // from the cache, read within the day (engine.KeptWorkspaces)
	}
)

// refusedNote is what the login view says when the service refused a
// credential a login does not replace (one set in the environment): a
// login here serves this run, the advice the next ones.
func refusedNote(advice string) string {
	return i18n.Tf("The service refused the credential set in the environment. Log in here for this run (the board and your pending edits are kept); for the next runs, %s.", advice)
}

// session handles logging in, running out of session and choosing the workspace.
func (m *Model) session(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case login.LoggedInMsg:
		s, onLogin := msg.Session, m.opts.OnLogin
		return func() tea.Msg {
			if onLogin == nil {
				return loginAppliedMsg{session: s}
			}
			return loginAppliedMsg{session: s, err: onLogin(s)}
		}, true
	case loginAppliedMsg:
		cmd := m.loggedIn(msg.session)
		if msg.err != nil {
			warn := common.Advise(i18n.T("check the system keyring"), fmt.Errorf(i18n.T("the credential could not be saved (%w); you are logged in until you quit"), msg.err))
			return tea.Batch(cmd, common.Cmd(common.StatusMsg{Err: warn})), true
		}
		return cmd, true
	case common.AuthExpiredMsg:
		m.ctx.Logger().Info("the session ended; asking to log in again")
		if msg.Retry != nil {
			m.retries = append(m.retries, msg.Retry)
		}
		if m.reauth != nil {
			return nil, true
		}
		l := login.New(m.ctx, m.opts.Auth)
		l.SetNote(i18n.T("Session expired — log in again; the board and your pending edits are kept."))
		if m.refusedAdvice != "" {
			l.SetNote(refusedNote(m.refusedAdvice))
		}
		m.reauth = l
		return m.push(l), true
	case workspacesMsg:
		return m.onWorkspaces(msg), true
	case namesMsg:
		m.known = msg.spaces
		if m.ctx.Workspace.Name == "" {
			m.ctx.Workspace = m.workspace(m.ctx.WorkspaceID)
		}
		if msg.kept {
			return nil, true
		}
		return m.engine.KeepWorkspaces(msg.spaces), true
	case listWorkspacesMsg:
		return m.loadWorkspaces(), true
	case common.SwitchWorkspaceMsg:
		return m.switchWorkspace(), true
	case picker.CancelledMsg:
		if m.spaces != nil && m.top() == common.Component(m.spaces) && len(m.stack) > 1 {
			m.pop() // back to the board the switch started from
		}
		return nil, true
	case switchSpacesMsg:
		return m.onSwitchSpaces(msg), true
	case picker.ChosenMsg:
		if m.spaces == nil || m.top() != common.Component(m.spaces) {
			return nil, false
		}
		id, err := strconv.ParseInt(msg.Value, 10, 64)
		if err != nil {
			return common.Cmd(common.StatusMsg{Err: errors.New(i18n.Tf("workspace id %q is not a number", msg.Value))}), true
		}
		m.ctx.Workspace = m.workspace(id)
		return tea.Batch(m.remember(id), m.openBoard(id)), true
	case rememberedMsg:
		if msg.err != nil {
			return common.Cmd(common.StatusMsg{Err: fmt.Errorf(i18n.T("could not remember the workspace for next time: %w"), msg.err)}), true
		}
		return nil, true
	}
	return nil, false
}

// loggedIn takes a session in: after a re-login the login view goes and the
// waiting work runs again; else the next step is the workspace.
func (m *Model) loggedIn(s auth.Session) tea.Cmd {
	m.refusedAdvice = s.RefusedAdvice
	m.ctx.User = s.Nick
	if m.ctx.User == "" {
		m.ctx.User = s.APIUser // an API account has no nick: its edits are its own
	}
	m.ctx.Logger().Info("logged in", "method", string(s.Method), "user", m.ctx.User, "workspace", s.WorkspaceID)
	if s.Method != "" && m.ctx.Method != "demo" {
		m.ctx.Method = string(s.Method)
	}
	m.ctx.ExpiresAt = s.ExpiresAt
	if m.reauth != nil {
		if m.top() == m.reauth {
			m.pop()
		}
		m.reauth = nil
		cmds := append(m.retries, m.broadcast(common.ReauthenticatedMsg{}), common.Cmd(common.StatusMsg{Text: i18n.T("logged in again")}))
		m.retries = nil
		return tea.Batch(cmds...)
	}
	ws := m.opts.WorkspaceID
	if ws == 0 {
		ws = s.WorkspaceID
	}
	if ws != 0 {
		return tea.Batch(m.openBoard(ws), m.learnNames())
	}
	return m.loadWorkspaces()
}

// learnNames lists the workspaces quietly, to show the name of the one
// opened by id (as kept within the day once the board opened it: no
// request); failing, the status line shows its id.
func (m *Model) learnNames() tea.Cmd {
	svc, ctx, nick := m.ctx.Service, m.ctx.Request(), m.ctx.User
	if nick == "" {
		return nil
	}
	if spaces, ok := m.engine.KeptWorkspaces(); ok {
		return common.Cmd(namesMsg{spaces: spaces, kept: true})
	}
	return m.ctx.Tasks.Run(i18n.T("loading workspace names"), func() tea.Msg {
		spaces, err := svc.Workspaces(ctx, nick)
		if err != nil {
			return nil
		}
		return namesMsg{spaces: spaces}
	})
}

// loadWorkspaces fetches the user's workspaces for the picker.
func (m *Model) loadWorkspaces() tea.Cmd {
	m.stack, m.spaces = nil, nil
	m.state, m.err = stateLoading, nil
	svc, ctx, nick := m.ctx.Service, m.ctx.Request(), m.ctx.User
	return m.ctx.Tasks.Run(i18n.T("loading your workspaces"), func() tea.Msg {
		if nick == "" {
			u, err := svc.UserInfo(ctx)
			if err != nil {
				return workspacesMsg{err: err}
			}
			nick = string(u.Nick)
		}
		spaces, err := svc.Workspaces(ctx, nick)
		return workspacesMsg{spaces: spaces, err: err}
	})
}

func (m *Model) onWorkspaces(msg workspacesMsg) tea.Cmd {
	if k := api.KindOf(msg.err); k == api.ErrTokenExpired || k == api.ErrCredentials {
		return common.Cmd(common.AuthExpiredMsg{Retry: common.Cmd(listWorkspacesMsg{})})
	}
	var items []picker.Item
	for _, w := range msg.spaces {
		if !w.IsCompany() {
			items = append(items, picker.Item{Title: string(w.Name), Detail: string(w.ID), Value: string(w.ID)})
		}
	}
	switch {
	case msg.err != nil:
		m.state, m.err = stateError, msg.err
		return nil
	case len(items) == 0:
		m.state, m.err = stateError, errors.New(i18n.T("this account takes part in no workspace: ask to be added to one, or start with --workspace ID"))
		return nil
	}
	m.state = stateReady
	m.known = msg.spaces
	if len(items) == 1 {
		id, _ := strconv.ParseInt(items[0].Value, 10, 64)
		m.ctx.Workspace = m.workspace(id)
		return tea.Batch(m.remember(id), m.openBoard(id))
	}
	spaces := picker.New(m.ctx, i18n.T("Choose a workspace"), items).Named(i18n.T("Workspaces"))
	cmd := m.replace(spaces)
	m.spaces = spaces
	return cmd
}

// switchWorkspace lists the workspaces to open another from the board; a
// browser login reaches only the workspace it was granted.
func (m *Model) switchWorkspace() tea.Cmd {
	if m.ctx.Method == "oauth" {
		name := string(m.workspace(m.ctx.WorkspaceID).Name)
		if name == "" {
			name = i18n.Tf("workspace %d", m.ctx.WorkspaceID)
		}
		return common.Cmd(common.StatusMsg{Text: i18n.Tf("a browser login reaches %s only: log in again to switch", name)})
	}
	if m.ctx.Method == string(auth.MethodBasic) {
		return common.Cmd(common.StatusMsg{Err: common.ErrAPIAccountWorkspaces})
	}
	svc, nick, ctx := m.ctx.Service, m.ctx.User, m.ctx.Request()
	return m.ctx.Tasks.Run(i18n.T("loading your workspaces"), func() tea.Msg {
		spaces, err := svc.Workspaces(ctx, nick)
		return switchSpacesMsg{spaces: spaces, err: err}
	})
}

// onSwitchSpaces puts the workspace picker over the board; esc goes back to
// the board, a choice opens the board of the workspace chosen.
func (m *Model) onSwitchSpaces(msg switchSpacesMsg) tea.Cmd {
	if msg.err != nil {
		return common.Cmd(common.StatusMsg{Err: fmt.Errorf(i18n.T("could not list your workspaces: %w"), msg.err), Task: i18n.T("loading your workspaces")})
	}
	m.known = msg.spaces
	var items []picker.Item
	for _, w := range msg.spaces {
		if w.IsCompany() {
			continue
		}
		detail := string(w.ID)
		if string(w.ID) == strconv.FormatInt(m.ctx.WorkspaceID, 10) {
			detail += i18n.T(" · open now")
		}
		items = append(items, picker.Item{Title: string(w.Name), Detail: detail, Value: string(w.ID)})
	}
	if len(items) < 2 {
		return common.Cmd(common.StatusMsg{Text: i18n.T("you take part in no other workspace")})
	}
	m.spaces = picker.New(m.ctx, i18n.T("Switch to a workspace"), items).Named(i18n.T("Workspaces"))
	return m.push(m.spaces)
}

// workspace is the known workspace with an id (its id alone if unknown).
func (m *Model) workspace(id int64) api.Workspace {
	for _, w := range m.known {
		if string(w.ID) == strconv.FormatInt(id, 10) {
			return w
		}
	}
	return api.Workspace{ID: api.FlexString(strconv.FormatInt(id, 10))}
}

// openBoard shows the board of a workspace, alone on the stack.
func (m *Model) openBoard(id int64) tea.Cmd {
	if id != m.ctx.WorkspaceID {
		m.bar.Clear() // what was said of the previous workspace goes
	}
	m.state = stateReady
	if m.board == nil {
		m.board = m.opts.NewBoard(m.ctx, m.engine)
	}
	m.restoreBoard(id)
	m.ctx.WorkspaceID = id
	if m.ctx.Workspace.ID == "" {
		m.ctx.Workspace = m.workspace(id)
	}
	return tea.Batch(m.replace(m.board), m.engine.Open(id), m.board.Load(id))
}

func (m *Model) remember(id int64) tea.Cmd {
	if m.opts.RememberWorkspace == nil {
		return nil
	}
	save := m.opts.RememberWorkspace
	return func() tea.Msg { return rememberedMsg{err: save(id)} }
}
