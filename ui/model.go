// Package ui is the root of the terminal app: a small router over a stack of
// views (login → workspace picker → board, with editor, help and pickers on
// top), the loading and error states, and the status line. Views talk to it
// through the messages of ui/common.
package ui

import (
	"context"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/auth"
	"triage/store"
	"triage/ui/common"
	"triage/ui/components/picker"
	"triage/ui/components/statusbar"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/views/board"
	"triage/ui/views/editor"
	"triage/ui/views/errlog"
	"triage/ui/views/help"
	"triage/ui/views/history"
	"triage/ui/views/login"
	"triage/ui/views/queue"
)

// Board is what the root needs of the board view; *board.Model satisfies it.
type Board interface {
	common.Component
	Load(workspaceID int64) tea.Cmd
	Status() string
	Badges() []string // always on the status line: the cached board's age, the edits waiting
}

// Options are the ports ui/cli/open gives the root.
type Options struct {
	Auth login.Authenticator
	// OnLogin installs a new session: client.SetAuth first, then saving the
	// credential. It runs outside Update; an error is shown as a warning and
	// the app goes on with the session.
	OnLogin           func(auth.Session) error
	RememberWorkspace func(id int64) error                        // remember the workspace chosen in the picker
	Session           *auth.Session                               // nil: start with the login view
	WorkspaceID       int64                                       // 0: the session's granted workspace, else the picker
	NewBoard          func(*common.Context, *engine.Engine) Board // nil: board.New
	// Theme "dark" or "light" fixes the colours; anything else ("auto")
	// follows the background the terminal reports.
	Theme string
	// ViewState is how the board was last shown in a workspace, and
	// SaveViewState keeps it; nil: the board starts as it always does.
	ViewState     func(ws int64) (store.ViewState, bool)
	SaveViewState func(ws int64, st store.ViewState)
	// Warning is shown on the status line at start (the item cache was
	// rebuilt or cannot be used in this run); nil: none.
	Warning error
}

// state is what the root shows when no view does.
type state int

const (
	stateReady   state = iota
	stateLoading       // the workspaces are loading
	stateError         // they failed: err says why, r retries
)

// Model is the root model.
type Model struct {
	ctx    *common.Context
	opts   Options
	cancel context.CancelFunc

	stack   []common.Component // bottom: login, picker or board
	board   Board
	engine  *engine.Engine   // the edits of the open workspace
	spaces  *picker.Model    // the workspace picker, while shown
	known   []api.Workspace  // the user's workspaces, once listed
	reauth  common.Component // the login over the board after an AuthExpiredMsg, while it runs
	retries []tea.Cmd        // what to run once logged in again
	// refusedAdvice is what to do when the service refuses the session in
	// use, when a login does not replace it (auth.Session.RefusedAdvice).
	refusedAdvice string

	state    state
	err      error
	quitting quitState        // a quit with edits on their way (quit.go)
	bar      *statusbar.Model // help line and status line
	lines    frameLines       // the lines of the last frame, fitted (frame.go)
	width    int
	height   int
}

// New returns the root over ctx (which it owns from now on: sizes, session
// fields, styles).
func New(ctx *common.Context, opts Options) *Model {
	if opts.NewBoard == nil {
		opts.NewBoard = func(c *common.Context, eng *engine.Engine) Board { return board.New(c, eng) }
	}
	parent := ctx.Base
	if parent == nil {
		parent = context.Background()
	}
	base, cancel := context.WithCancel(parent)
	ctx.Base = base
	if opts.Theme == "light" {
		*ctx.Styles = *common.NewStyles(false, ctx.Styles.NoColor)
	}
	m := &Model{ctx: ctx, opts: opts, cancel: cancel, bar: statusbar.New(ctx), engine: engine.New(ctx)}
	if opts.Session == nil {
		m.push(login.New(ctx, opts.Auth))
	}
	return m
}

// fixedTheme reports whether the colours were chosen in the config, not by
// the terminal's background.
func (m *Model) fixedTheme() bool { return m.opts.Theme == "dark" || m.opts.Theme == "light" }

// Init asks the terminal's background colour (unless the config fixed the
// theme) and starts the first step.
func (m *Model) Init() tea.Cmd {
	cmds := []tea.Cmd{m.bar.Init()}
	if !m.fixedTheme() {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	if m.opts.Warning != nil {
		cmds = append(cmds, common.Cmd(common.StatusMsg{Err: m.opts.Warning}))
	}
	if m.opts.Session != nil {
		cmds = append(cmds, m.loggedIn(*m.opts.Session))
	}
	return tea.Batch(cmds...)
}

// Update routes a message: the status bar and the root take their own;
// input goes to the view on top, everything else to every view.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.route(msg)
	return m, tea.Batch(cmd, m.bar.Spin())
}

func (m *Model) route(msg tea.Msg) tea.Cmd {
	if cmd, ok := m.bar.Update(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case quitGraceMsg:
		return m.onQuitGrace()
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		return nil
	case tea.BackgroundColorMsg:
		if m.fixedTheme() {
			return nil
		}
		*m.ctx.Styles = *common.NewStyles(msg.IsDark(), m.ctx.Styles.NoColor)
		m.bar.Update(common.ThemeChangedMsg{})
		return m.broadcast(common.ThemeChangedMsg{})
	case tea.KeyPressMsg:
		if cmd, ok := m.quitAnswer(msg); ok {
			return cmd
		}
		if cmd, ok := m.globalKey(msg); ok {
			return cmd
		}
	}
	if cmd, ok := m.session(msg); ok {
		return cmd
	}
	if cmd, ok := m.views(msg); ok {
		return cmd
	}
	if cmd, ok := m.engine.Update(msg); ok {
		return tea.Batch(cmd, m.quitWhenSent())
	}
	if isInput(msg) {
		return m.updateTop(msg)
	}
	return m.broadcast(msg) // answers of async work reach views under the top too
}

// isInput reports the messages meant for the focused view alone.
func isInput(msg tea.Msg) bool {
	switch msg.(type) {
	case tea.KeyPressMsg, tea.KeyReleaseMsg, tea.PasteMsg, tea.MouseMsg:
		return true
	}
	return false
}

// globalKey handles ctrl+c, and q, ? and the error state's r when no text
// field holds the keyboard. q closes the view on top as esc does, and quits
// only from the board (or the first screen); ctrl+c quits from anywhere
// except a view with unsaved input, which it asks to close instead, so no
// key loses typing.
func (m *Model) globalKey(msg tea.KeyPressMsg) (tea.Cmd, bool) {
	escape := tea.KeyPressMsg{Code: tea.KeyEscape}
	if msg.String() == "ctrl+c" {
		if u, ok := m.top().(common.Unsaved); ok && u.Changed() {
			return m.updateTop(escape), true
		}
		return m.askQuit(), true
	}
	if c, ok := m.top().(common.Capturer); ok && c.Capturing() {
		return nil, false
	}
	if c, ok := m.top().(common.KeyClaimer); ok && c.ClaimsKey(msg) {
		return nil, false
	}
	keys := m.ctx.Keys
	switch {
	case key.Matches(msg, keys.Quit):
		if onBoard := m.board != nil && m.top() == common.Component(m.board); !onBoard && len(m.stack) > 1 {
			return m.updateTop(escape), true
		}
		return m.askQuit(), true
	case key.Matches(msg, keys.Help):
		return m.openHelp()
	case key.Matches(msg, keys.Errors):
		return m.openErrors()
	case m.state == stateError && msg.String() == "r" && len(m.stack) == 0:
		return m.loadWorkspaces(), true
	}
	return nil, false
}

// openHelp shows every key of the view on top (and the global ones).
func (m *Model) openHelp() (tea.Cmd, bool) {
	if m.top() == nil {
		return nil, false
	}
	return m.push(help.New(m.ctx, m.top().Title(), m.top().KeyMap(), globalKeys{m.ctx.Keys})), true
}

// openErrors shows the errors of this run in full, with their times.
func (m *Model) openErrors() (tea.Cmd, bool) {
	var entries []errlog.Entry
	for _, r := range m.bar.Recent() {
		entries = append(entries, errlog.Entry{At: r.At, Text: r.Text})
	}
	return m.push(errlog.New(m.ctx, entries)), true
}

func (m *Model) quit() tea.Cmd {
	m.cancel()
	return tea.Quit
}

// views handles the messages that open and close views.
func (m *Model) views(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case common.OpenEditorMsg:
		return m.push(editor.New(m.ctx, msg)), true
	case common.OpenHelpMsg:
		return m.openHelp()
	case common.OpenMyWorkMsg:
		return m.openMyWork(), true
	case common.OpenQueueMsg:
		q := queue.New(m.ctx, msg.Kind, msg.Items, msg.Options)
		q.SetFieldLabels(msg.Fields)
		q.AnswerField(engine.Field(msg.Field))
		q.ReadWholeItems()
		return m.push(q), true
	case common.OpenHistoryMsg:
		h := history.New(m.ctx, msg.Edits)
		h.SetTitles(msg.Titles)
		h.SetNames(m.engine.ValueLabel)
		h.SetSteps(m.engine.Steps())
		return m.push(h), true
	case common.EditsChangedMsg:
		return m.refreshHistory(), true
	case historyEditsMsg:
		if msg.err != nil {
			return nil, true
		}
		return m.broadcast(engine.SessionEditsMsg{Edits: msg.edits, Steps: m.engine.Steps()}), true
	case common.SaveItemMsg, common.CreateItemMsg:
		cmd, _ := m.engine.Update(msg) // the editor whose result it is closed as it sent it
		return cmd, true
	}
	return nil, false
}

// historyEditsMsg carries the session's changes, read again for the U view.
type historyEditsMsg struct {
	edits []store.Edit
	err   error
}

// watchingEdits reports whether a view that lists the session's edits is
// open.
func (m *Model) watchingEdits() bool {
	for _, c := range m.stack {
		if w, ok := c.(common.EditsWatcher); ok && w.WatchesEdits() {
			return true
		}
	}
	return false
}

// refreshHistory reads the session's changes again while the U view is open.
func (m *Model) refreshHistory() tea.Cmd {
	edits, session := m.ctx.Edits, m.ctx.Session
	if !m.watchingEdits() || edits == nil {
		return nil
	}
	return m.ctx.Tasks.Run(i18n.T("reading this session's changes"), func() tea.Msg {
		list, err := edits.History(session)
		return historyEditsMsg{edits: list, err: err}
	})
}

// globalKeys are the root's keys shown in every help.
type globalKeys struct{ k *common.KeyMap }

func (g globalKeys) ShortHelp() []key.Binding { return []key.Binding{g.k.Help, g.k.Quit} }
func (g globalKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{g.k.Help, g.k.Errors, g.k.Quit}}
}
