// Package history is the U view: the steps of this session (a key press, a
// confirmed bulk edit, an editor save, a queue answer, an undo), newest
// first, one row each, saying what the step changed, when, and where it is
// on its way to the service (sent, waiting, maybe applied, conflict, failed
// with the reason, discarded). It draws only the rows on screen; the
// selected step is described under the list, each of its changes. enter
// undoes the selected step, through the edit engine.
package history

import (
	"cmp"
	"slices"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// Model is the history. It holds the keyboard (Capturing), so q closes it
// rather than the app.
type Model struct {
	ctx    *common.Context
	keys   KeyMap
	edits  []store.Edit                        // newest first
	steps  []engine.Step                       // the engine's steps: which changes were made together
	groups [][]store.Edit                      // the rows: the changes of one step each, oldest first; newest step first
	titles map[common.ItemRef]string           // titles of the items, when known
	names  func(e store.Edit, v string) string // names a value of e's field as the board does; nil: as stored

	cursor, offset int
	width, height  int
	closed         bool // set by the key that closes the history (common.Closer)
}

// Closed reports whether the view closed itself; the root pops it at once.
func (m *Model) Closed() bool { return m.closed }

// New returns the history of edits (in any order; shown newest first).
func New(ctx *common.Context, edits []store.Edit) *Model {
	m := &Model{ctx: ctx, keys: DefaultKeyMap()}
	ctx.KeyOverrides.Remap("history", &m.keys)
	m.SetEdits(edits)
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// SetEdits replaces the changes shown (a refresh while the view is open):
// the selection stays on the same change when it is still there, else on
// the same line.
func (m *Model) SetEdits(edits []store.Edit) {
	var selected uint64
	if e, ok := m.Selected(); ok {
		selected = e.Seq
	}
	m.edits = slices.Clone(edits)
	slices.SortStableFunc(m.edits, func(a, b store.Edit) int { return cmp.Compare(b.Seq, a.Seq) })
	m.regroup(selected)
}

// SetTitles names the items the changes are about; without
// a title a change shows its kind and number only.
func (m *Model) SetTitles(titles map[common.ItemRef]string) { m.titles = titles }

// SetNames names the values of the changes as the board shows them
// (engine.Engine.ValueLabel): a priority's label, a status's name,
// owners as "alice, bob"; without it values show as stored.
func (m *Model) SetNames(names func(e store.Edit, v string) string) { m.names = names }

// SetSteps says which changes were made together, and which steps enter
// can undo; without it every change is a row of its own.
func (m *Model) SetSteps(steps []engine.Step) {
	var selected uint64
	if e, ok := m.Selected(); ok {
		selected = e.Seq
	}
	m.steps = steps
	m.regroup(selected)
}

// Selected is the newest change of the step under the cursor, and false
// when there is none.
func (m *Model) Selected() (store.Edit, bool) {
	g := m.SelectedStep()
	if len(g) == 0 {
		return store.Edit{}, false
	}
	return g[len(g)-1], true
}

// SelectedStep is the changes of the step under the cursor, oldest first.
func (m *Model) SelectedStep() []store.Edit {
	if m.cursor < 0 || m.cursor >= len(m.groups) {
		return nil
	}
	return m.groups[m.cursor]
}

// Capturing reports true: q and U belong to the history.
func (m *Model) Capturing() bool { return true }

// WatchesEdits reports true: the root sends the session's edits again as
// they change (engine.SessionEditsMsg).
func (m *Model) WatchesEdits() bool { return true }

// Title names the view for the help.
func (m *Model) Title() string { return i18n.T("This session's changes") }

// KeyMap returns the history's keys.
func (m *Model) KeyMap() help.KeyMap { return m.keys }

// SetSize sets the area the history draws in.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.clamp()
}

// Update handles keys, the mouse wheel, and the session's edits read again.
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.MouseWheelMsg:
		m.move(common.WheelDelta(msg))
	case engine.SessionEditsMsg:
		m.SetEdits(msg.Edits)
		m.SetSteps(msg.Steps)
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Close):
		m.closed = true
	case key.Matches(msg, k.Help):
		return common.Cmd(common.OpenHelpMsg{})
	case key.Matches(msg, k.Undo):
		if e, ok := m.Selected(); ok {
			return common.Cmd(engine.UndoStepMsg{Seq: e.Seq})
		}
		return nil
	}
	if d, ok := k.Motion.Delta(msg, m.rows(), len(m.groups)); ok {
		m.move(d)
	}
	return nil
}

func (m *Model) move(d int) {
	m.cursor += d
	m.clamp()
}

// clamp keeps the cursor on a step and in view.
func (m *Model) clamp() {
	m.cursor = min(max(m.cursor, 0), max(len(m.groups)-1, 0))
	rows := m.rows()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+rows {
		m.offset = m.cursor - rows + 1
	}
	m.offset = min(max(m.offset, 0), max(len(m.groups)-rows, 0))
}
