// Package mywork is the view of my work across workspaces (W on the
// board): the open items waiting on the user in every workspace the login
// reaches, grouped by workspace or by priority, each card naming its
// workspace. It draws what is cached at once and refreshes in the
// background by what changed (ui/engine/mine); an edit made here takes the
// board's path, the same engine, outbox, conflict check and undo, and goes
// to its item's workspace.
package mywork

import (
	"errors"
	"fmt"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/engine/mine"
	"triage/ui/i18n"
)

// FreshFor is how long a cached read is fresh enough not to be read again
// on open (r reads it at once): a person in many workspaces does not spend
// a minute of requests on each look.
const FreshFor = 2 * time.Minute

// refreshTask names the background read, for the status line.
func refreshTask() string { return i18n.T("reading what changed in your work") }

// Model is the my-work view.
type Model struct {
	ctx   *common.Context
	eng   *engine.Engine
	board engine.Watcher // the view the engine told before this one (the board), told on
	keys  KeyMap

	work    store.Todos // as last read, with the user's edits kept on the cards
	names   mine.Names  // the status names of each workspace and kind (names.go)
	naming  bool        // the status names are being read
	cached  bool        // the cache has answered (or there is none)
	by      mine.By
	grouped []mine.Group // the cards of work grouped by by; nil: to group again (regroup)
	order   []mine.Card  // the cards of grouped in the order drawn

	cursor int // index of the card under the cursor, in the order drawn
	top    int // first line drawn of the list
	width  int
	height int

	gen        uint64 // of the latest refresh: an older answer is dropped
	refreshing bool
	err        error // of the last refresh
	closed     bool
	asking     *question // the conflict asked (conflict.go)
}

// New returns my work over the engine the board edits with.
func New(ctx *common.Context, eng *engine.Engine) *Model {
	m := &Model{ctx: ctx, eng: eng, keys: DefaultKeyMap()}
	ctx.KeyOverrides.Remap("mywork", &m.keys)
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// Title names the view.
func (m *Model) Title() string { return i18n.T("My work") }

// KeyMap returns the view's keys, or the answers of the question open.
func (m *Model) KeyMap() help.KeyMap {
	if m.asking != nil {
		return m.questionKeys()
	}
	return m.keys
}

// Closed reports whether the view closed itself; the root pops it.
func (m *Model) Closed() bool { return m.closed }

// ClaimsKey keeps W, which opens the view from the board, to close it.
func (m *Model) ClaimsKey(msg tea.KeyPressMsg) bool { return key.Matches(msg, m.keys.Close) }

// SetSize sets the area the view draws in.
func (m *Model) SetSize(width, height int) { m.width, m.height = width, height }

// cachedMsg is the cached work, read on open, with the status names kept
// for its sets and the sets whose names are not kept.
type cachedMsg struct {
	work    store.Todos
	ok      bool
	err     error
	names   mine.Names
	missing []mine.SetKey
}

// refreshedMsg is the answer of a refresh.
type refreshedMsg struct {
	gen  uint64
	work store.Todos
	err  error
}

// savedMsg is the cache's answer to a save.
type savedMsg struct{ err error }

// refreshAgainMsg asks for the refresh again, once logged in again.
type refreshAgainMsg struct{}

// Init watches the engine in front of the board and reads the cached
// work; the refresh follows it.
func (m *Model) Init() tea.Cmd {
	m.board = m.eng.Watching()
	m.eng.Watch(m)
	c, ok := m.ctx.Cache.(mine.Cache)
	if !ok {
		m.cached = true
		return m.refresh(false)
	}
	svc, user, now := m.ctx.ServiceURL, m.ctx.User, m.ctx.Clock()
	kept, _ := m.ctx.Cache.(mine.Kept)
	return m.ctx.Tasks.Run(i18n.T("reading your cached work"), func() tea.Msg {
		w, found, err := c.LoadTodos(svc, user)
		if !found {
			return cachedMsg{work: w, ok: found, err: err}
		}
		names, missing, nerr := mine.KeptNames(kept, svc, user, w, now)
		return cachedMsg{work: w, ok: found, err: errors.Join(err, nerr), names: names, missing: missing}
	})
}

// refresh reads what changed since the last read, in the background, and
// lists the workspaces again when spaces is true or their list is a day
// old.
func (m *Model) refresh(spaces bool) tea.Cmd {
	r, ok := m.ctx.Service.(mine.Reader)
	if !ok {
		return common.Cmd(common.StatusMsg{Err: errors.New(i18n.T("my work cannot be read: this service has no to-do interfaces"))})
	}
	m.gen++
	m.refreshing, m.err = true, nil
	gen, prev, user, now := m.gen, m.work, m.ctx.User, m.ctx.Clock()
	ctx := m.ctx.Waiting(m.ctx.Request(), refreshTask(), 0)
	return m.ctx.Tasks.Run(refreshTask(), func() tea.Msg {
		w, err := mine.Refresh(ctx, r, user, prev, mine.Read{Spaces: spaces}, now)
		return refreshedMsg{gen: gen, work: w, err: err}
	})
}

// Update takes keys and the answers of the reads.
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	switch msg := msg.(type) {
	case cachedMsg:
		return m, m.onCached(msg)
	case refreshedMsg:
		return m, m.onRefreshed(msg)
	case fieldsMsg:
		return m, m.onFields(msg)
	case namesMsg:
		return m, m.onNames(msg)
	case refreshAgainMsg:
		return m, m.refresh(false)
	case savedMsg:
		if msg.err != nil {
			return m, common.Cmd(common.StatusMsg{Err: fmt.Errorf(i18n.T("your work was not cached (it is read again next time): %w"), msg.err)})
		}
		return m, nil
	case tea.KeyPressMsg:
		return m, m.onKey(msg)
	}
	return m, nil
}

// onCached shows the cached work at once, and refreshes it unless it is
// fresh.
func (m *Model) onCached(msg cachedMsg) tea.Cmd {
	m.cached = true
	var say tea.Cmd
	if msg.err != nil {
		say = common.Cmd(common.StatusMsg{Err: msg.err})
	}
	if msg.ok {
		m.names = msg.names
		m.setWork(msg.work)
		var name tea.Cmd
		if len(msg.missing) > 0 {
			name = m.readNames()
		}
		if m.ctx.Clock().Sub(msg.work.SavedAt) < FreshFor {
			return tea.Batch(say, name)
		}
		return tea.Batch(say, name, m.refresh(false))
	}
	return tea.Batch(say, m.refresh(false))
}

// onRefreshed takes what a refresh read and caches it.
func (m *Model) onRefreshed(msg refreshedMsg) tea.Cmd {
	if msg.gen != m.gen {
		return nil
	}
	m.refreshing = false
	if msg.err != nil {
		if engine.NeedsLogin(msg.err) {
			return common.Cmd(common.AuthExpiredMsg{Retry: common.Cmd(refreshAgainMsg{})})
		}
		m.err = msg.err
		return common.Cmd(common.StatusMsg{Err: fmt.Errorf(i18n.T("could not read what changed in your work (r tries again): %w"), msg.err), Task: refreshTask()})
	}
	m.setWork(msg.work)
	var name tea.Cmd
	if m.unnamed() {
		name = m.readNames()
	}
	return tea.Batch(common.Succeeded(refreshTask()), m.save(), name)
}

// setWork shows work, keeping the cursor on its card when it is still there.
func (m *Model) setWork(w store.Todos) {
	at, ok := m.selected()
	m.work = w
	m.regroup()
	names := map[int64]string{}
	for _, s := range w.Sets {
		names[s.WorkspaceID] = s.WorkspaceName
	}
	m.eng.SetWorkspaceNames(names)
	if ok {
		m.moveTo(at.Item.Kind, at.Item.ID)
	}
	m.clamp()
}

// save caches the work as shown.
func (m *Model) save() tea.Cmd {
	c, ok := m.ctx.Cache.(mine.Cache)
	if !ok || m.ctx.User == "" {
		return nil
	}
	svc, user, w := m.ctx.ServiceURL, m.ctx.User, m.work
	return func() tea.Msg { return savedMsg{err: c.SaveTodos(svc, user, w)} }
}

// onKey moves, groups, edits, refreshes and closes.
func (m *Model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.asking != nil {
		return m.answer(msg)
	}
	k := m.keys
	if d, ok := k.Delta(msg, max(m.listHeight()-1, 1), m.count()); ok {
		m.cursor += d
		m.clamp()
		return nil
	}
	switch {
	case key.Matches(msg, k.Close):
		m.closed = true
		if m.board != nil {
			m.eng.Watch(m.board)
		}
		return m.save()
	case key.Matches(msg, k.Group):
		at, ok := m.selected()
		m.by = 1 - m.by
		m.regroup()
		if ok {
			m.moveTo(at.Item.Kind, at.Item.ID)
		}
		return nil
	case key.Matches(msg, k.Refresh):
		return m.refresh(true)
	case key.Matches(msg, k.Retry):
		return m.retry()
	case key.Matches(msg, k.NextPriority):
		return m.step(1)
	case key.Matches(msg, k.PrevPriority):
		return m.step(-1)
	case key.Matches(msg, k.SetPriority):
		return m.setNth(int(msg.Code - '1'))
	case key.Matches(msg, k.Undo):
		return m.eng.Undo()
	case key.Matches(msg, k.Redo):
		return m.eng.Redo()
	case key.Matches(msg, k.Open):
		return m.open()
	}
	return nil
}

// open opens the selected item in the web app.
func (m *Model) open() tea.Cmd {
	c, ok := m.selected()
	if !ok {
		return nil
	}
	u := c.Item.WebURL(m.ctx.WebURL)
	openURL := m.ctx.OpenURL
	if openURL == nil {
		return common.Cmd(common.StatusMsg{Err: errors.New(i18n.Tf("no browser to open %s: open it by hand", u))})
	}
	return func() tea.Msg {
		if err := openURL(u); err != nil {
			return common.StatusMsg{Err: fmt.Errorf(i18n.T("could not open the browser (open %s by hand): %w"), u, err)}
		}
		return common.StatusMsg{Text: i18n.Tf("opened %s", u)}
	}
}
