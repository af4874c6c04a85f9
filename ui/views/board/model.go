package board

import (
	"time"

	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/components/preview"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/views/board/boardkeys"
	"triage/ui/views/board/describe"
	"triage/ui/views/board/listorder"
	"triage/ui/views/board/usercmd"
)

// viewMode is how the board shows a kind's items.
type viewMode int

const (
	modeColumns viewMode = iota // one column per priority
	modeList                    // one table row per item
)

// Model is the board view: a tab per kind, a column per priority, cards, a
// list mode, filters, marks and prompts. Its edits are the engine's
// (ui/engine): it sends it intents and draws what it says changed. It
// keeps the common.Component contract.
type Model struct {
	ctx  *common.Context
	eng  *engine.Engine
	keys boardkeys.KeyMap

	width, height  int // of the board itself
	outerW, outerH int // of the whole area, preview pane included
	prev           preview.Model

	ws   int64
	tab  api.Kind
	mode viewMode
	sets [len(api.Kinds)]*dataset // the indexes over each kind's items (the engine's)

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
	// awaitFinals says, per kind, that its filter applies again once the
	// final statuses are read (filter_open.go); awaitQueue that the triage
	// queue opens then.
	awaitFinals [len(api.Kinds)]bool
	awaitQueue  bool
	// awaitMove is a status move made again once the workflow of its
	// story's type is read (nil: none).
	awaitMove func() tea.Cmd
	// awaitTypes says the workflows of the stories' types are still read
	// for the board grouped by status.
	awaitTypes bool

	prompt *prompt
	marks  [len(api.Kinds)]map[string]bool // item ids marked for a bulk edit

	// The items someone else changed since the board shown (a refresh, or
	// the cached board's, as the engine tells), highlighted until the next key.
	changed [len(api.Kinds)]map[string]bool
	// looking is the card under the cursor, looked at once the cursor
	// leaves it (seen.go).
	looking looking

	// viewName is the saved view shown ("" none); restore is the state to
	// show at the next Load, and focus the item to put the cursor on once
	// it is listed.
	viewName string
	// listColumns are the list mode's columns a view chose (store.ViewColumns,
	// comma-separated); "": all.
	listColumns string
	restore     *store.ViewState
	focus       string
	// viewGroup is the grouping of the view shown, made once the fields of
	// its kind (viewGroupKind) are read ("": none waits); viewEdit the box
	// naming a view or confirming its deletion (viewedit.go).
	viewGroup     engine.Field
	viewGroupKind api.Kind
	viewEdit      *viewEdit

	lastErr error
	paint   palette
	lastLen int       // size of the last frame, to allocate the next one at once
	cards   cardTexts // the texts of the cards drawn, measured once (view_cards.go)
	rows    rowTexts  // the cells of the list rows drawn, fitted once (view_rows.go)
}

var (
	_ common.Component = (*Model)(nil)
	_ common.Capturer  = (*Model)(nil)
	_ engine.Watcher   = (*Model)(nil)
)

// New returns an empty board over the engine of the program's edits; Load
// fills it.
func New(ctx *common.Context, eng *engine.Engine) *Model {
	m := &Model{
		ctx:    ctx,
		eng:    eng,
		keys:   boardkeys.DefaultKeyMap(),
		filter: common.NewTextField(ctx.Styles, "/ ", i18n.T("words, status:…, owner:…|@me, prio:…|…")),
		width:  ctx.Width,
		height: ctx.Height,
		prev:   preview.New(ctx, eng),
	}
	for _, k := range api.Kinds {
		m.sets[k] = m.indexOf(k)
	}
	m.paint = newPalette(ctx.Styles)
	ctx.KeyOverrides.Remap("board", &m.keys)
	m.prev.ScrollKeys = m.keys.PreviewDown.Help().Key + "/" + m.keys.PreviewUp.Help().Key
	m.prev.Changes = m.previewChanges
	eng.Watch(m)
	return m
}

// Load shows the board of a workspace: it drops whatever the board showed
// but each kind's filter, resolved again for this workspace (or the state
// restored for it), and has the engine load the current kind (its cached
// board drawn meanwhile) and count the others for their tabs. Other kinds
// load when their tab is first opened. The root opens the engine on the
// workspace first (engine.Engine.Open), which drops the items of another.
func (m *Model) Load(workspaceID int64) tea.Cmd {
	m.ws = workspaceID
	m.awaitIters = false // a read for the workspace before is dropped
	m.awaitFinals, m.awaitQueue = [len(api.Kinds)]bool{}, false
	for _, k := range api.Kinds {
		typed := m.sets[k].typed
		m.sets[k] = m.indexOf(k)
		m.sets[k].typed = typed
		m.changed[k], m.marks[k] = nil, nil
	}
	m.lastErr = nil
	var read tea.Cmd
	if st := m.restore; st != nil {
		m.restore = nil
		if k, err := api.ParseKind(st.Kind); err == nil && st.Kind != "" {
			m.tab = k
		}
		read = m.apply(*st)
	}
	m.filter.SetValue(m.cur().typed)
	load := m.eng.Load(m.tab) // first, so that the kind shown is not counted as well
	return tea.Batch(read, m.resolveFilters(), load, m.eng.CountUnloaded())
}

// indexOf is a new index over the engine's items of kind k, filled.
func (m *Model) indexOf(k api.Kind) *dataset {
	d := datasetOf(m.eng.Items(k))
	d.clock = m.ctx.Clock
	d.custom = m.eng.CustomFields(k)
	d.src.Keep(d)
	return d
}

// Init implements common.Initializer: nothing starts before Load.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize sets the area the board draws in.
func (m *Model) SetSize(width, height int) {
	m.outerW, m.outerH = width, height
	switch {
	case !m.prev.Open():
	case preview.Beside(m.outerW):
		width -= preview.SideW + 1
	default:
		height -= preview.Height(m.outerH)
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
func (m *Model) Title() string { return i18n.T("Board") }

// KeyMap returns the board's keys for the help view, or the answers of the
// prompt open, or the keys of the picker open.
func (m *Model) KeyMap() help.KeyMap {
	switch {
	case m.viewEdit != nil:
		return m.viewEditKeys()
	case m.prompt != nil:
		return m.promptKeyMap()
	case m.pick != nil:
		return m.pick.model.KeyMap()
	}
	return m.helpKeys()
}

// Capturing reports whether the board holds the keyboard (typing a filter,
// choosing in a picker), so the root leaves q and ? to it.
func (m *Model) Capturing() bool {
	return m.filter.Focused() || m.pick != nil || m.prompt != nil || m.compose != nil || m.viewEdit != nil
}

// Kind is the kind of the tab shown.
func (m *Model) Kind() api.Kind { return m.tab }

// Status is what the status line says about the board: what is loading, with
// its progress, or else the last error.
func (m *Model) Status() string {
	if l := m.eng.Progress(m.tab); l.Busy {
		return loadingText(m.tab, l)
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
	if at := m.cur().src.CachedAt; !at.IsZero() {
		b := i18n.Tf("cached %s", age(m.ctx.Clock().Sub(at)))
		if m.eng.Progress(m.tab).Busy {
			b += i18n.T(" · refreshing")
		}
		out = append(out, b)
	}
	out = append(out, m.eng.Badges()...)
	if n := m.markCount(); n > 0 {
		out = append(out, i18n.Tf("%d marked", n))
	}
	return out
}

// Changed draws what the engine says changed, within the engine's Update
// (engine.Watcher).
func (m *Model) Changed(msg engine.ChangedMsg) tea.Cmd { return m.following(m.onChanged(msg)) }

// Update handles keys, mouse, the answers of the service, and what the
// engine says changed.
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	return m, m.update(msg)
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
	m.keepTimesCurrent()
	switch msg := msg.(type) {
	case engine.ChangedMsg:
		return m.Changed(msg)
	case tea.KeyPressMsg, tea.MouseClickMsg, tea.MouseWheelMsg:
		return m.following(m.handle(msg))
	}
	return m.handle(msg)
}

// following has the preview follow the cursor wherever input or a load
// moved it, after cmd.
func (m *Model) following(cmd tea.Cmd) tea.Cmd {
	m.focusRestored()
	return tea.Batch(cmd, m.previewFollow(), m.seenFollow())
}

func (m *Model) handle(msg tea.Msg) tea.Cmd {
	if cmd, ok := m.onViewEdit(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case preview.TickMsg:
		return m.prev.OnTick(msg)
	case engine.ReferenceReadMsg:
		return m.onReferenceRead(msg)
	case engine.CreateFieldsReadMsg:
		return m.onCreateFieldsRead(msg)
	case describe.ReadMsg:
		return m.onDescribeRead(msg)
	case describe.DoneMsg:
		return m.onDescribed(msg)
	case engine.SeenMsg:
		return m.onSeen(msg)
	case engine.FinalsReadMsg:
		return m.onFinalsRead(msg)
	case tea.KeyPressMsg:
		return m.onKey(msg)
	case tea.PasteMsg:
		if m.compose != nil {
			m.compose.box.Paste(msg)
			return nil
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
	case listorder.SortedMsg:
		msg.Keep()
	case pickedMsg:
		return m.onPicked(msg)
	case historyMsg:
		return m.onHistory(msg)
	case usercmd.DoneMsg:
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
func (m *Model) report(err error) tea.Cmd {
	m.lastErr = err
	return common.Cmd(common.StatusMsg{Err: err})
}

// note puts a message, already in the language in use, on the status line.
func (m *Model) note(text string) tea.Cmd {
	return common.Cmd(common.StatusMsg{Text: text})
}

// age says how old a cached board is: "just now", "5 min ago", "3h ago", "2 days ago".
func age(d time.Duration) string {
	switch {
	case d < time.Minute:
		return i18n.T("just now")
	case d < time.Hour:
		return i18n.Tf("%d min ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return i18n.Tf("%dh ago", int(d.Hours()))
	}
	return i18n.Tf("%d days ago", int(d.Hours()/24)) // two days at least
}
