package board

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/workspace"
)

// viewMode is how the board shows a kind's items.
type viewMode int

const (
	modeColumns viewMode = iota // one column per priority
	modeList                    // one table row per item
)

// Model is the board view: a tab per kind, a column per priority, cards, a
// list mode, filters, marks and prompts. Its edits are the engine's
// (ui/workspace): it sends it intents and draws what it says changed. It
// keeps the common.Component contract.
type Model struct {
	ctx  *common.Context
	eng  *workspace.Engine
	keys KeyMap

	width, height  int // of the board itself
	outerW, outerH int // of the whole area, preview pane included
	prev           preview

	ws    int64
	tab   api.Kind
	mode  viewMode
	sets  [len(api.Kinds)]*dataset
	loads [len(api.Kinds)]loadState
	gen   uint64

	filter     common.TextField
	filterHint string // what tab offers to complete (query_complete.go)
	pick       *pickState
	compose    *composer // the comment being written (compose.go); nil: none
	// awaitPick is the field picker that opens once the engine has read
	// what it offers (0: none).
	awaitPick pickPurpose
	// awaitGroup says the board groups by owner once the members are read.
	awaitGroup bool
	// awaitIters says the filter applies again once the iterations are read.
	awaitIters bool
	// awaitMove is a status move made again once the workflow of its
	// story's type is read (nil: none).
	awaitMove func() tea.Cmd
	// awaitTypes says the workflows of the stories' types are still read
	// for the board grouped by status.
	awaitTypes bool

	prompt *prompt
	marks  [len(api.Kinds)]map[string]bool // item ids marked for a bulk edit

	// The items that changed since the board shown (a refresh, or the cached
	// board's), highlighted until the next key.
	changed [len(api.Kinds)]map[string]bool

	// after is the timer of the preview (tea.Tick; tests fire it at once).
	after func(time.Duration, tea.Msg) tea.Cmd

	// viewName is the saved view shown ("" none); restore is the state to
	// show at the next Load, and focus the item to put the cursor on once
	// it is listed.
	viewName string
	// listColumns are the list mode's columns a view chose (store.ViewColumns,
	// comma-separated); "": all.
	listColumns string
	restore     *store.ViewState
	focus       string

	lastErr     error
	lastErrTask string // the task lastErr came from (common.StatusMsg.Task); "": none
	paint       palette
	lastLen     int       // size of the last frame, to allocate the next one at once
	cards       cardTexts // the texts of the cards drawn, measured once (view_cards.go)
	rows        rowTexts  // the cells of the list rows drawn, fitted once (view_rows.go)
}

var (
	_ common.Component = (*Model)(nil)
	_ common.Capturer  = (*Model)(nil)
)

// New returns an empty board over the engine of the program's edits; Load
// fills it.
func New(ctx *common.Context, eng *workspace.Engine) *Model {
	m := &Model{
		ctx:    ctx,
		eng:    eng,
		keys:   DefaultKeyMap(),
		filter: common.NewTextField(ctx.Styles, "/ ", "words, status:…, owner:…|@me, prio:…|…"),
		width:  ctx.Width,
		height: ctx.Height,
		after:  tick,
	}
	for _, k := range api.Kinds {
		m.sets[k] = newDataset(k, nil, 0)
	}
	m.paint = newPalette(ctx.Styles)
	ctx.KeyOverrides.Remap("board", &m.keys)
	return m
}

// tick sends msg after d.
func tick(d time.Duration, msg tea.Msg) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return msg })
}

// Load shows the board of a workspace: it drops whatever the board showed and
// still waited for, and starts loading the current kind (drawing its cached
// board meanwhile). Other kinds load when their tab is first opened. The
// root opens the engine on the workspace first (workspace.Engine.Open).
func (m *Model) Load(workspaceID int64) tea.Cmd {
	m.ws = workspaceID
	for _, k := range api.Kinds {
		m.stop(k)
		m.sets[k] = newDataset(k, nil, 0)
		m.changed[k], m.marks[k] = nil, nil
	}
	m.lastErr = nil
	if st := m.restore; st != nil {
		m.restore = nil
		if k, err := api.ParseKind(st.Kind); err == nil && st.Kind != "" {
			m.tab = k
		}
		m.apply(*st)
	}
	return m.load(m.tab)
}

// Init implements common.Initializer: nothing starts before Load.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize sets the area the board draws in.
func (m *Model) SetSize(width, height int) {
	m.outerW, m.outerH = width, height
	switch {
	case !m.prev.open:
	case m.previewBeside():
		width -= previewSideW + 1
	default:
		height -= m.previewHeight()
	}
	m.width, m.height = width, height
	m.filter.SetWidth(width / 2)
	for _, d := range m.sets {
		m.clamp(d)
	}
	if m.pick != nil {
		m.sizePicker(m.pick.choices)
	}
}

// Title names the view for the help.
func (m *Model) Title() string { return "Board" }

// KeyMap returns the board's keys for the help view, or the answers of the
// prompt open.
func (m *Model) KeyMap() help.KeyMap {
	if m.prompt != nil {
		return m.promptKeyMap()
	}
	return m.helpKeys()
}

// Capturing reports whether the board holds the keyboard (typing a filter,
// choosing in a picker), so the root leaves q and ? to it.
func (m *Model) Capturing() bool {
	return m.filter.Focused() || m.pick != nil || m.prompt != nil || m.compose != nil
}

// Kind is the kind of the tab shown.
func (m *Model) Kind() api.Kind { return m.tab }

// Status is what the status line says about the board: what is loading, with
// its progress, or else the last error.
func (m *Model) Status() string {
	if l := &m.loads[m.tab]; l.busy() {
		if l.total > 0 {
			return fmt.Sprintf("loading %s %d/%d", m.tab.Path(), l.loaded, l.total)
		}
		return "loading " + m.tab.Path()
	}
	if m.lastErr != nil {
		return m.lastErr.Error()
	}
	if err := m.eng.Err(); err != nil {
		return err.Error()
	}
	return ""
}

// Badges are what the status line always shows about the board: a cached
// board's age, the edits waiting for the service, the conflicts, the marks.
func (m *Model) Badges() []string {
	var out []string
	if d := m.cur(); !d.cachedAt.IsZero() {
		b := "cached " + age(m.ctx.Clock().Sub(d.cachedAt))
		if m.loads[m.tab].busy() {
			b += " · refreshing"
		}
		out = append(out, b)
	}
	out = append(out, m.eng.Badges()...)
	if n := m.markCount(); n > 0 {
		out = append(out, fmt.Sprintf("%d marked", n))
	}
	return out
}

// Update handles keys, mouse, the answers of the service, and what the
// engine says changed.
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	return m, m.update(msg)
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg.(type) {
	case tea.KeyPressMsg, tea.MouseClickMsg, tea.MouseWheelMsg, pagesMsg, workspace.CachedMsg, workspace.ChangedMsg:
		// The preview follows the cursor wherever input or a load moves it.
		cmd := m.handle(msg)
		m.focusRestored()
		return tea.Batch(cmd, m.previewFollow())
	}
	return m.handle(msg)
}

func (m *Model) handle(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case previewTickMsg:
		return m.onPreviewTick(msg)
	case previewItemMsg:
		return m.onPreviewItem(msg)
	case workspace.ChangedMsg:
		return m.onChanged(msg)
	case workspace.ReferenceReadMsg:
		return m.onReferenceRead(msg)
	case describeReadMsg:
		return m.onDescribeRead(msg)
	case describedMsg:
		return m.onDescribed(msg)
	case workspace.FinalsReadMsg:
		if msg.Kind != m.tab {
			return nil
		}
		return m.openQueue()
	case tea.KeyPressMsg:
		return m.onKey(msg)
	case tea.PasteMsg:
		if m.compose != nil {
			return m.onComposePaste(msg)
		}
		if m.filter.Focused() {
			return m.onFilterInput(msg)
		}
	case tea.MouseClickMsg:
		if m.pick != nil {
			return nil
		}
		return m.onClick(msg.Mouse())
	case tea.MouseWheelMsg:
		if m.pick != nil {
			return m.pick.update(msg)
		}
		m.onWheel(msg.Mouse())
		return nil
	case fieldsMsg:
		return m.onFields(msg)
	case pagesMsg:
		return m.onPages(msg)
	case workspace.CachedMsg:
		return m.onCache(msg)
	case changesMsg:
		return m.onChanges(msg)
	case reloadMsg:
		return m.onReload(msg)
	case workspace.SaveDueMsg:
		return m.save(msg.Kind)
	case ordersMsg:
		msg.set.onOrders(msg)
	case pickedMsg:
		return m.onPicked(msg)
	case historyMsg:
		return m.onHistory(msg)
	case commandDoneMsg:
		return m.onCommandDone(msg)
	case common.ThemeChangedMsg:
		m.paint = newPalette(m.ctx.Styles)
		m.filter.Styles = m.ctx.Styles
	}
	return nil
}

// cur is the dataset of the tab shown.
func (m *Model) cur() *dataset { return m.sets[m.tab] }

// report puts an error on the status line.
func (m *Model) report(err error) tea.Cmd { return m.reportTask("", err) }

// reportTask puts the error of a task on the status line, until the next
// run of the task succeeds (succeeded).
func (m *Model) reportTask(task string, err error) tea.Cmd {
	m.lastErr, m.lastErrTask = err, task
	return common.Cmd(common.StatusMsg{Err: err, Task: task})
}

// succeeded says that a run of a task went well: the error its last run
// left goes, on the board and on the status line.
func (m *Model) succeeded(task string) tea.Cmd {
	if m.lastErr != nil && m.lastErrTask == task {
		m.lastErr, m.lastErrTask = nil, ""
	}
	return common.Succeeded(task)
}

// note puts a message on the status line.
func (m *Model) note(format string, args ...any) tea.Cmd {
	return common.Cmd(common.StatusMsg{Text: fmt.Sprintf(format, args...)})
}
