package board

import (
	"fmt"
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/queue"
)

// viewMode is how the board shows a kind's items.
type viewMode int

const (
	modeColumns viewMode = iota // one column per priority
	modeList                    // one table row per item
)

// Model is the board view: a tab per kind, a column per priority, cards, a
// list mode, filters and optimistic priority edits. It keeps the common.Component
// contract.
type Model struct {
	ctx  *common.Context
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

	filter common.TextField
	pick   *pickState

	edits         map[string]*edit
	editSeq       uint64
	failedCreates []store.Edit // creates the service refused, for R
	conflicts     []store.Edit // edits waiting for keep mine / take theirs
	prompt        *prompt
	marks         [len(api.Kinds)]map[string]bool // item ids marked for a bulk edit
	bulks         map[uint64]*bulkRun
	bulkSeq       uint64
	fromQueue     map[uint64]bool                 // tokens of edits the triage queue asked for
	finals        [len(api.Kinds)]map[string]bool // final statuses per kind, for the queue; nil: not read yet

	// The outbox: how many edits wait for the service, and its flushes.
	waiting, conflictCount int
	flushGen               uint64
	flushing, flushIdle    bool
	authAsked              bool

	// The cache: which kinds were read from it, the items that changed since
	// (highlighted until the next key), and the debounced saves.
	cacheRead   [len(api.Kinds)]bool
	changed     [len(api.Kinds)]map[string]bool
	saveGen     [len(api.Kinds)]uint64
	cacheWarned bool

	// after is the timer of flushes and saves (tea.Tick; tests fire it at once).
	after func(time.Duration, tea.Msg) tea.Cmd

	lastErr     error
	lastErrTask string // the task lastErr came from (common.StatusMsg.Task); "": none
	paint       palette
	lastLen     int // size of the last frame, to allocate the next one at once
}

var (
	_ common.Component = (*Model)(nil)
	_ common.Capturer  = (*Model)(nil)
)

// New returns an empty board; Load fills it.
func New(ctx *common.Context) *Model {
	m := &Model{
		ctx:    ctx,
		keys:   DefaultKeyMap(),
		filter: common.NewTextField(ctx.Styles, "/ ", "words, status:…, owner:…|@me, prio:…|…"),
		edits:  make(map[string]*edit),
		width:  ctx.Width,
		height: ctx.Height,
		after:  tick,
	}
	for _, k := range api.Kinds {
		m.sets[k] = newDataset(k, nil, 0)
	}
	m.paint = newPalette(ctx.Styles)
	return m
}

// tick sends msg after d.
func tick(d time.Duration, msg tea.Msg) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return msg })
}

// Load shows the board of a workspace: it drops whatever the board showed and
// still waited for, and starts loading the current kind (drawing its cached
// board meanwhile). Other kinds load when their tab is first opened. The
// edits an earlier run left in the outbox are shown and sent.
func (m *Model) Load(workspaceID int64) tea.Cmd {
	m.ws = workspaceID
	for _, k := range api.Kinds {
		m.stop(k)
		m.sets[k] = newDataset(k, nil, 0)
		m.cacheRead[k], m.changed[k], m.marks[k], m.finals[k] = false, nil, nil, nil
	}
	m.lastErr = nil
	return tea.Batch(m.load(m.tab), m.startEdits())
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

// KeyMap returns the board's keys for the help view, or the answers of the
// prompt open.
func (m *Model) KeyMap() help.KeyMap {
	if m.prompt != nil {
		return m.promptKeyMap()
	}
	return m.keys
}

// Capturing reports whether the board holds the keyboard (typing a filter,
// choosing in a picker), so the root leaves q and ? to it.
func (m *Model) Capturing() bool { return m.filter.Focused() || m.pick != nil || m.prompt != nil }

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
	if m.waiting > 0 {
		out = append(out, waitingText(m.waiting))
	}
	switch {
	case m.conflictCount == 1:
		out = append(out, "1 conflict")
	case m.conflictCount > 1:
		out = append(out, fmt.Sprintf("%d conflicts", m.conflictCount))
	}
	if n := m.markCount(); n > 0 {
		out = append(out, fmt.Sprintf("%d marked", n))
	}
	return out
}

// Update handles keys, mouse, the answers of the service and the messages the
// root forwards (SaveItemMsg, CreateItemMsg, ReauthenticatedMsg).
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	return m, m.update(msg)
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg.(type) {
	case tea.KeyPressMsg, tea.MouseClickMsg, tea.MouseWheelMsg, pagesMsg, cacheMsg:
		// The preview follows the cursor wherever input or a load moves it.
		return tea.Batch(m.handle(msg), m.previewFollow())
	}
	return m.handle(msg)
}

func (m *Model) handle(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case previewTickMsg:
		return m.onPreviewTick(msg)
	case previewItemMsg:
		return m.onPreviewItem(msg)
	case finalsMsg:
		return m.onFinals(msg)
	case tea.KeyPressMsg:
		return m.onKey(msg)
	case tea.PasteMsg:
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
	case cacheMsg:
		return m.onCache(msg)
	case changesMsg:
		return m.onChanges(msg)
	case reloadMsg:
		return m.onReload(msg)
	case sentMsg:
		return m.onSent(msg)
	case scheduleMsg:
		return m.onSchedule(msg)
	case flushTickMsg:
		return m.onFlushTick(msg)
	case flushedMsg:
		return m.onFlushed(msg)
	case pendingMsg:
		return m.onPending(msg)
	case resolvedMsg:
		return m.onResolved(msg)
	case saveTickMsg:
		return m.onSaveTick(msg)
	case cacheSavedMsg:
		return m.onCacheSaved(msg)
	case ordersMsg:
		msg.set.onOrders(msg)
	case pickedMsg:
		return m.onPicked(msg)
	case common.SaveItemMsg:
		return m.onSave(msg.Kind, msg.ID, msg.Title, msg.PriorityLabel, msg.Original)
	case common.CreateItemMsg:
		return m.create(msg.New)
	case historyMsg:
		return m.onHistory(msg)
	case queue.SetPriorityMsg:
		return m.onQueueSet(msg)
	case common.ReauthenticatedMsg:
		m.authAsked = false
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
