package login

import (
	"context"
	"errors"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"triage/auth"
	"triage/ui/common"
	"triage/ui/i18n"
)

// step is the screen of the login view.
type step int

const (
	stepChoose step = iota
	stepBrowser
	stepToken
	stepBasic
)

// methods are the choices of the first screen, in order.
var methods = [...]struct {
	step        step
	title, hint string
	method      auth.Method
}{
	{stepBrowser, "Browser", "authorize triage in your browser (OAuth); works over SSH", auth.MethodOAuth},
	{stepToken, "Personal token", "paste a token made in the web settings", auth.MethodToken},
	{stepBasic, "API account", "API user and password (Basic)", auth.MethodBasic},
}

// Answers of the async work; attempt ties each to the request that asked,
// so an answer to a cancelled or replaced request is dropped.
type (
	flowStartedMsg struct {
		attempt int
		flow    OAuthFlow
		err     error
	}
	browserOpenedMsg struct {
		attempt int
		err     error
	}
	pastedMsg struct {
		attempt int
		err     error
	}
	resultMsg struct {
		attempt int
		session auth.Session
		err     error
	}
)

// Model is the login view.
type Model struct {
	ctx  *common.Context
	auth Authenticator
	keys KeyMap

	step   step
	cursor int    // on the first screen
	note   string // why the login is shown (e.g. the session expired)
	err    error  // the last failure, shown in place

	busy    string // what runs now ("" when nothing)
	attempt int
	task    common.TaskID
	cancel  context.CancelFunc
	reqCtx  context.Context // of the running request
	spin    spinner.Model

	flow       OAuthFlow
	browserErr error // the browser could not be opened
	pasting    bool

	paste    common.TextField
	token    common.TextField
	user     common.TextField
	password common.TextField

	width, height int
}

// New returns the login view; the method used last (ctx.Method) is preselected.
func New(ctx *common.Context, a Authenticator) *Model {
	s := ctx.Styles
	m := &Model{
		ctx: ctx, auth: a, keys: DefaultKeyMap(), spin: s.NewSpinner(),
		paste:    common.NewTextField(s, "> ", "http://127.0.0.1:…/callback?code=…&state=…"),
		token:    common.NewTextField(s, "> ", i18n.T("personal access token")),
		user:     common.NewTextField(s, "> ", i18n.T("API user")),
		password: common.NewTextField(s, "> ", i18n.T("API password")),
	}
	ctx.KeyOverrides.Remap("login", &m.keys)
	m.token.Masked, m.password.Masked = true, true
	for i, mt := range methods {
		if string(mt.method) == ctx.Method {
			m.cursor = i
		}
	}
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// SetNote shows why the login is asked for, e.g. "session expired — log in again".
func (m *Model) SetNote(note string) { m.note = note }

// Err is the failure shown in place, if any.
func (m *Model) Err() error { return m.err }

// Capturing reports whether a text field holds the keyboard.
func (m *Model) Capturing() bool { return m.step != stepChoose }

// Title names the view for the help.
func (m *Model) Title() string { return i18n.T("Log in") }

// FreesMouse reports true: the address to open stays selectable.
func (m *Model) FreesMouse() bool { return true }

// KeyMap returns the login view's keys.
func (m *Model) KeyMap() help.KeyMap { return m.keys }

// SetSize sets the area the view draws in.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	fw := max(width-20, 10)
	for _, f := range []*common.TextField{&m.paste, &m.token, &m.user, &m.password} {
		f.SetWidth(fw)
	}
}

// Update handles keys and the answers of the login requests.
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	switch msg := msg.(type) {
	case spinner.TickMsg:
		if m.busy == "" {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case flowStartedMsg:
		return m, m.flowStarted(msg)
	case browserOpenedMsg:
		if msg.attempt == m.attempt {
			m.browserErr = msg.err
		}
	case pastedMsg:
		if msg.attempt == m.attempt {
			m.pasting = false
			m.err = msg.err
		}
	case resultMsg:
		return m, m.result(msg)
	case common.ThemeChangedMsg:
		m.spin.Style = m.ctx.Styles.Accent
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.PasteMsg:
		if f := m.focused(); f != nil {
			f.Update(msg)
		}
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	if m.step == stepChoose {
		return m.chooseKey(msg)
	}
	switch {
	case key.Matches(msg, m.keys.Back):
		return m.back()
	case key.Matches(msg, m.keys.Copy) && m.flow != nil:
		return tea.SetClipboard(m.flow.URL())
	case key.Matches(msg, m.keys.Open) && m.flow != nil:
		return m.openBrowser()
	case key.Matches(msg, m.keys.Submit):
		return m.submit()
	case m.busy != "" && m.step != stepBrowser:
		return nil
	case m.step == stepBasic && key.Matches(msg, m.keys.Next):
		m.switchField()
		return nil
	}
	if f := m.focused(); f != nil && f.Update(msg) {
		m.err = nil
	}
	return nil
}

func (m *Model) chooseKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Up):
		m.cursor = max(m.cursor-1, 0)
	case key.Matches(msg, m.keys.Down):
		m.cursor = min(m.cursor+1, len(methods)-1)
	case key.Matches(msg, m.keys.Choose):
		return m.enter(methods[m.cursor].step)
	case key.Matches(msg, m.keys.Browser):
		return m.enter(stepBrowser)
	case key.Matches(msg, m.keys.Token):
		return m.enter(stepToken)
	case key.Matches(msg, m.keys.Account):
		return m.enter(stepBasic)
	}
	return nil
}

// enter opens a method's screen; the browser one starts the flow at once.
func (m *Model) enter(s step) tea.Cmd {
	m.step, m.err = s, nil
	for i, mt := range methods {
		if mt.step == s {
			m.cursor = i
		}
	}
	switch s {
	case stepBrowser:
		m.paste.Reset()
		m.paste.Focus()
		return m.startFlow()
	case stepToken:
		m.token.Focus()
	case stepBasic:
		m.user.Focus()
		m.password.Blur()
	}
	return nil
}

// back cancels what runs and returns to the first screen.
func (m *Model) back() tea.Cmd {
	cmd := m.stop()
	m.step, m.err = stepChoose, nil
	for _, f := range []*common.TextField{&m.paste, &m.token, &m.user, &m.password} {
		f.Blur()
	}
	m.token.Reset()
	m.password.Reset()
	return cmd
}

func (m *Model) focused() *common.TextField {
	switch m.step {
	case stepBrowser:
		return &m.paste
	case stepToken:
		return &m.token
	case stepBasic:
		if m.password.Focused() {
			return &m.password
		}
		return &m.user
	}
	return nil
}

func (m *Model) switchField() {
	if m.user.Focused() {
		m.user.Blur()
		m.password.Focus()
		return
	}
	m.password.Blur()
	m.user.Focus()
}

// errEmpty is shown when enter is pressed on an empty field.
var (
	errNoToken    = errors.New("paste your personal access token first (web settings → personal access tokens)")
	errNoUser     = errors.New("type the API user first (company settings → API account)")
	errNoPassword = errors.New("type the API password first")
	errNoPaste    = errors.New("paste the whole address from the browser's address bar, or wait for the browser to come back")
)
