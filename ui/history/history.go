// Package history is the U view: the changes of this session, newest first,
// each with what it changed, when, and where it is on its way to the service
// (sent, waiting, maybe applied, conflict, failed with the reason,
// discarded). It draws only the rows on screen; the selected change is
// described in full under the list. enter undoes the step (the user action)
// the selected change belongs to, through the edit engine.
package history

import (
	"cmp"
	"slices"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/common"
	"triage/ui/workspace"
)

// Model is the history. It holds the keyboard (Capturing), so q closes it
// rather than the app.
type Model struct {
	ctx    *common.Context
	keys   KeyMap
	edits  []store.Edit      // newest first
	titles map[string]string // item id → title, when known
	steps  map[uint64]int    // edit seq → how many edits its step holds, for the steps enter can undo

	cursor, offset int
	width, height  int
}

// New returns the history of edits (in any order; shown newest first).
func New(ctx *common.Context, edits []store.Edit) *Model {
	m := &Model{ctx: ctx, keys: DefaultKeyMap()}
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
	for i, e := range m.edits {
		if e.Seq == selected {
			m.cursor = i
			break
		}
	}
	m.clamp()
}

// SetTitles names the items (item id → title) the changes are about; without
// a title a change shows its kind and number only.
func (m *Model) SetTitles(titles map[string]string) { m.titles = titles }

// SetSteps says which changes belong to a step enter can undo (edit seq →
// how many changes the step holds); the selected one's is described.
func (m *Model) SetSteps(steps map[uint64]int) { m.steps = steps }

// Selected is the change under the cursor, and false when there is none.
func (m *Model) Selected() (store.Edit, bool) {
	if m.cursor < 0 || m.cursor >= len(m.edits) {
		return store.Edit{}, false
	}
	return m.edits[m.cursor], true
}

// Capturing reports true: q and U belong to the history.
func (m *Model) Capturing() bool { return true }

// Title names the view for the help.
func (m *Model) Title() string { return "This session's changes" }

// KeyMap returns the history's keys.
func (m *Model) KeyMap() help.KeyMap { return m.keys }

// SetSize sets the area the history draws in.
func (m *Model) SetSize(width, height int) {
	m.width, m.height = width, height
	m.clamp()
}

// Update handles keys and the mouse wheel.
func (m *Model) Update(msg tea.Msg) (common.Component, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case tea.MouseWheelMsg:
		m.move(common.WheelDelta(msg))
	}
	return m, nil
}

func (m *Model) key(msg tea.KeyPressMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Close):
		return common.Cmd(common.CloseViewMsg{})
	case key.Matches(msg, k.Help):
		return common.Cmd(common.OpenHelpMsg{})
	case key.Matches(msg, k.Undo):
		if e, ok := m.Selected(); ok {
			return common.Cmd(workspace.UndoStepMsg{Seq: e.Seq})
		}
		return nil
	}
	if d, ok := k.motion().Delta(msg, m.rows(), len(m.edits)); ok {
		m.move(d)
	}
	return nil
}

func (m *Model) move(d int) {
	m.cursor += d
	m.clamp()
}

// clamp keeps the cursor on a change and in view.
func (m *Model) clamp() {
	m.cursor = min(max(m.cursor, 0), max(len(m.edits)-1, 0))
	rows := m.rows()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+rows {
		m.offset = m.cursor - rows + 1
	}
	m.offset = min(max(m.offset, 0), max(len(m.edits)-rows, 0))
}
