// Package queue is the triage queue: the items of one kind that need a
// priority (or a status, owner or iteration: AnswerField), one large card
// at a time, each set with a number key. The queue only asks: it emits
// AnswerMsg, the edit engine (ui/engine) sends the edit, and ResultMsg
// tells the queue how it went.
package queue

import (
	"fmt"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// AnswerMsg and ResultMsg are the engine's: the queue asks with one and
// hears back with the other.
type (
	AnswerMsg = engine.AnswerMsg
	ResultMsg = engine.ResultMsg
)

// state is what the user did with an item.
type state int

const (
	untouched state = iota
	skipped
	saving // a value was chosen; no result yet
	saved
	failed
)

// entry is an item of the queue and what became of it.
type entry struct {
	item  api.Item
	state state
	label string // the value chosen (saving, saved, failed)
	err   error  // failed

	// The board lists only the fields it draws; the card reads the whole
	// item (description, custom fields) from the service when it is shown.
	details    detail
	detailsErr error
}

// detail is how far the whole item of an entry was read.
type detail int

const (
	detailsWanted detail = iota
	detailsLoading
	detailsLoaded
	detailsFailed
)

// detailsMsg carries the whole item of an entry, read from the service.
type detailsMsg struct {
	id   string
	item api.Item
	err  error
}

// Model is the queue. It holds the keyboard (Capturing), so q closes it
// rather than the app.
type Model struct {
	ctx     *common.Context
	keys    KeyMap
	kind    api.Kind
	entries []entry
	index   map[string]int // item id → entry
	options []api.PriorityOption
	labels  map[string]string // field name → label, for custom fields
	fields  api.FieldInfo     // for status and iteration names
	field   engine.Field      // what an answer sets: "" the priority (AnswerField)
	why     common.TextField  // a comment sent after the next answer (c)

	pos    int    // the entry shown; len(entries) when every one was seen
	scroll int    // first line of the description shown
	note   string // a hint after a key that did nothing

	desc descCache
	// readWhole: read each card's whole item from the service (ReadWholeItems).
	readWhole bool

	width, height int
	closed        bool // set by the key that closes the queue (common.Closer)
}

// Closed reports whether the view closed itself; the root pops it at once.
func (m *Model) Closed() bool { return m.closed }

// New returns the queue of items of kind, shown in the order given (the
// board passes those without a priority first, then those with an unknown
// one), with the workspace's priority options in the service's order.
func New(ctx *common.Context, kind api.Kind, items []api.Item, options []api.PriorityOption) *Model {
	m := &Model{ctx: ctx, keys: DefaultKeyMap(), kind: kind, options: options,
		entries: make([]entry, len(items)), index: make(map[string]int, len(items))}
	ctx.KeyOverrides.Remap("queue", &m.keys)
	m.why = common.NewTextField(ctx.Styles, i18n.T("why: "), i18n.T("a comment sent after the next answer"))
	for i, it := range items {
		m.entries[i] = entry{item: it}
		m.index[it.ID] = i
	}
	if len(options) > 0 {
		m.keys.Set.SetHelp(m.digits(), i18n.T("set the nth priority, next"))
	}
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// digits is the range of the digit keys that set a priority, as the help
// and the hints both write it: "1–4".
func (m *Model) digits() string { return fmt.Sprintf("1–%d", min(len(m.options), 9)) }

// SetFieldLabels names the custom fields shown on the cards, from the kind's
// field information (without it a custom field shows its wire name).
func (m *Model) SetFieldLabels(fi api.FieldInfo) {
	m.fields = fi
	m.labels = make(map[string]string, len(fi))
	for name, f := range fi {
		if f.Label != "" {
			m.labels[name] = f.Label
		}
	}
}

// Current is the item on the card, and false once every item was seen.
func (m *Model) Current() (api.Item, bool) {
	if m.pos >= len(m.entries) {
		return api.Item{}, false
	}
	return m.entries[m.pos].item, true
}

// Counts are the queue's progress: the position shown (1-based), how many
// items it holds, how many were set (saving or saved), skipped and failed.
type Counts struct{ Pos, Total, Set, Skipped, Failed int }

// Counts returns the progress the counter shows.
func (m *Model) Counts() Counts {
	c := Counts{Pos: min(m.pos+1, len(m.entries)), Total: len(m.entries)}
	for _, e := range m.entries {
		switch e.state {
		case saving, saved:
			c.Set++
		case skipped:
			c.Skipped++
		case failed:
			c.Failed++
		}
	}
	return c
}

// Capturing reports true: q and the number keys belong to the queue.
func (m *Model) Capturing() bool { return true }

// Title names the view for the help.
func (m *Model) Title() string { return i18n.T("Triage queue") }

// KeyMap returns the queue's keys that apply on the screen shown: once
// every card is seen (or there is none), no answer, skip, why or scroll
// applies, and b only when there is a card to go back to.
func (m *Model) KeyMap() help.KeyMap {
	if m.pos < len(m.entries) {
		return m.keys
	}
	k := m.keys
	for _, b := range []*key.Binding{&k.Set, &k.Skip, &k.Why, &k.Up, &k.Down, &k.PageUp, &k.PageDown} {
		b.SetEnabled(false)
	}
	k.Back.SetEnabled(len(m.entries) > 0)
	return k
}

// SetSize sets the area the queue draws in.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.clampScroll()
}

// ReadWholeItems makes the queue read the whole item of each card from the
// service as it comes up: the board lists only the fields it draws, and a
// card shows the description and custom fields too.
func (m *Model) ReadWholeItems() { m.readWhole = true }

// Init reads the whole items of the first cards.
func (m *Model) Init() tea.Cmd { return m.readDetails() }

// readDetails reads the whole item of the card shown and of the next one,
// so that moving on shows its description at once. A read that waits for
// the rate limit says so at once (common.RateWaitMsg): the status line
// counts it down and ! lists it.
func (m *Model) readDetails() tea.Cmd {
	if !m.readWhole {
		return nil
	}
	var cmds []tea.Cmd
	for i := m.pos; i < min(m.pos+2, len(m.entries)); i++ {
		e := &m.entries[i]
		if e.details != detailsWanted || m.ctx.Service == nil {
			continue
		}
		e.details = detailsLoading
		task := i18n.Tf("reading #%s", api.ShortID(e.item.ID))
		svc, ctx, ws, kind, id := m.ctx.Service, m.ctx.Waiting(m.ctx.Request(), task, 0), m.ctx.WorkspaceID, m.kind, e.item.ID
		cmds = append(cmds, m.ctx.Tasks.Run(task, func() tea.Msg {
			it, err := svc.Get(ctx, ws, kind, id)
			return detailsMsg{id: id, item: it, err: err}
		}))
	}
	return tea.Batch(cmds...)
}

// onDetails lays the whole item under the card: what the board knows of its
// priority stays, the rest (description, custom fields) is the service's.
func (m *Model) onDetails(msg detailsMsg) {
	i, ok := m.index[msg.id]
	if !ok {
		return
	}
	e := &m.entries[i]
	if msg.err != nil {
		e.details, e.detailsErr = detailsFailed, msg.err
		return
	}
	full := msg.item
	full.Kind, full.Priority, full.PriorityLabel = e.item.Kind, e.item.Priority, e.item.PriorityLabel
	full.Status, full.Owner, full.IterationID = e.item.Status, e.item.Owner, e.item.IterationID
	e.item, e.details = full, detailsLoaded
	if m.desc.id == msg.id {
		m.desc.valid = false
	}
	m.clampScroll()
}

// Update handles keys, the mouse wheel, the results of sets and the whole
// items read for the cards.
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, tea.Batch(m.key(msg), m.readDetails())
	case detailsMsg:
		m.onDetails(msg)
	case tea.MouseWheelMsg:
		m.scrollBy(common.WheelDelta(msg))
	case ResultMsg:
		m.result(msg)
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	m.note = ""
	if m.why.Focused() {
		m.whyKey(msg)
		return nil
	}
	switch {
	case key.Matches(msg, k.Why):
		m.why.Focus()
	case key.Matches(msg, k.Close):
		m.closed = true
	case key.Matches(msg, k.Help):
		return common.Cmd(common.OpenHelpMsg{})
	case key.Matches(msg, k.Set):
		return m.set(int(msg.String()[0] - '1'))
	case key.Matches(msg, k.Skip):
		if m.pos < len(m.entries) && m.entries[m.pos].state == untouched {
			m.entries[m.pos].state = skipped
		}
		m.goTo(m.pos + 1)
	case key.Matches(msg, k.Back):
		m.goTo(m.pos - 1)
	default:
		motion := k.Motion
		if d, ok := motion.Delta(msg, m.descRows(), 0); ok {
			m.scrollBy(d)
		}
	}
	return nil
}

// set chooses the nth option (0-based) for the item on the card, asks the
// board to send it, and moves on.
func (m *Model) set(n int) tea.Cmd {
	if m.pos >= len(m.entries) {
		m.note = i18n.T("Every item was seen: b goes back, esc closes.")
		return nil
	}
	if n < 0 || n >= len(m.options) {
		m.note = m.noOption()
		return nil
	}
	e := &m.entries[m.pos]
	e.state, e.label, e.err = saving, m.options[n].Value, nil
	cmd := common.Cmd(AnswerMsg{Item: e.item, Field: m.field, Value: e.label, Why: m.takeWhy()})
	m.goTo(m.pos + 1)
	return cmd
}

// noOption explains a number key past the options.
func (m *Model) noOption() string {
	one, many := i18n.T(m.fieldName()), i18n.T(m.fieldPlural())
	switch len(m.options) {
	case 0:
		return i18n.Tf("This workspace offers no %s to choose from.", many)
	case 1:
		return i18n.Tf("There is one %s: press 1.", one)
	}
	return i18n.Tf("There are %d %s: press %s.", len(m.options), many, m.digits())
}

// result records the answer to a set; an answer for an item that was not
// set is dropped.
func (m *Model) result(msg ResultMsg) {
	i, ok := m.index[msg.ID]
	if !ok || m.entries[i].state != saving && m.entries[i].state != saved && m.entries[i].state != failed {
		return
	}
	if msg.Err != nil {
		m.entries[i].state, m.entries[i].err = failed, msg.Err
		return
	}
	m.entries[i].state, m.entries[i].err = saved, nil
}

// goTo shows entry i (len(entries): the end), from the top of its card.
func (m *Model) goTo(i int) {
	m.pos = min(max(i, 0), len(m.entries))
	m.scroll = 0
}

func (m *Model) scrollBy(d int) {
	m.scroll += d
	m.clampScroll()
}

func (m *Model) clampScroll() {
	m.scroll = min(max(m.scroll, 0), max(len(m.descLines())-m.descRows(), 0))
}
