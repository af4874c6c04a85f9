package board

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/components/preview"
	"triage/ui/engine"
	"triage/ui/filter"
	"triage/ui/views/board/sortkey"
)

// onKey handles a key press: the picker and the filter field take the keys
// while they are open, then the board's own keys.
func (m *Model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.prompt != nil {
		return m.onPromptKey(msg)
	}
	if m.compose != nil {
		return m.onComposeKey(msg)
	}
	if m.pick != nil {
		return m.pick.update(msg)
	}
	if m.filter.Focused() {
		return m.onFilterKey(msg)
	}
	// The items changed since the cached board stay highlighted until the
	// user moves or acts.
	m.changed[m.tab] = nil
	if cmd, ok := m.onFileKey(msg); ok {
		return cmd
	}
	k := &m.keys
	switch {
	case key.Matches(msg, k.Left):
		m.moveCursor(-1, 0)
	case key.Matches(msg, k.Right):
		m.moveCursor(1, 0)
	case key.Matches(msg, k.Up):
		m.moveCursor(0, -1)
	case key.Matches(msg, k.Down):
		m.moveCursor(0, 1)
	case key.Matches(msg, k.PageUp):
		m.moveCursor(0, -m.pageSize())
	case key.Matches(msg, k.PageDown):
		m.moveCursor(0, m.pageSize())
	case key.Matches(msg, k.Top):
		m.jump(false)
	case key.Matches(msg, k.Bottom):
		m.jump(true)
	case key.Matches(msg, k.NextTab):
		return m.switchTab(api.Kind((int(m.tab) + 1) % len(api.Kinds)))
	case key.Matches(msg, k.PrevTab):
		return m.switchTab(api.Kind((int(m.tab) + len(api.Kinds) - 1) % len(api.Kinds)))
	case key.Matches(msg, k.Preview):
		return m.togglePreview()
	case key.Matches(msg, k.PreviewDown):
		m.prev.Scroll(preview.Step)
	case key.Matches(msg, k.PreviewUp):
		m.prev.Scroll(-preview.Step)
	case key.Matches(msg, k.Workspace):
		return common.Cmd(common.SwitchWorkspaceMsg{})
	case key.Matches(msg, k.MyWork):
		return common.Cmd(common.OpenMyWorkMsg{})
	case key.Matches(msg, k.Views):
		return m.openViewPicker()
	case key.Matches(msg, k.NextPriority):
		return m.step(1)
	case key.Matches(msg, k.PrevPriority):
		return m.step(-1)
	case key.Matches(msg, k.SetPriority):
		return m.setNth(int(msg.Code - '1'))
	case k.PickerField(msg) != "":
		return m.openPickerOf(engine.Field(k.PickerField(msg)))
	case key.Matches(msg, k.AssignMe):
		return m.toggleMe()
	case key.Matches(msg, k.Comment):
		return m.openComposer()
	case key.Matches(msg, k.Group):
		return m.cycleGroup()
	case key.Matches(msg, k.Describe):
		return m.openDescription()
	case key.Matches(msg, k.FilterPriority):
		return m.openFilterPicker()
	case key.Matches(msg, k.Filter):
		m.filter.Focus()
		return m.needMembers()
	case key.Matches(msg, k.Mine):
		q := filter.Toggle(m.filter.Value(), filter.MineTerm)
		m.filter.SetValue(q)
		var read tea.Cmd
		m.keepSelection(func() { read = m.applyQuery(q) })
		return read
	case key.Matches(msg, k.Clear):
		if m.marking() {
			return m.clearMarks()
		}
		m.clearFilters()
	case key.Matches(msg, k.Mark):
		return m.toggleMark()
	case key.Matches(msg, k.MarkColumn):
		return m.markShown()
	case key.Matches(msg, k.NextNew):
		return m.nextMarked()
	case key.Matches(msg, k.SeenAll):
		return m.seenAll()
	case key.Matches(msg, k.Undo):
		return m.eng.Undo()
	case key.Matches(msg, k.Redo):
		return m.eng.Redo()
	case key.Matches(msg, k.History):
		return m.openHistory()
	case key.Matches(msg, k.Queue):
		return m.openQueue()
	case key.Matches(msg, k.Mode):
		m.keepSelection(func() { m.mode = 1 - m.mode })
		return m.cur().sortLater()
	case key.Matches(msg, k.Sort):
		d := m.cur()
		m.keepSelection(func() { d.setSort(sortkey.Sort{Key: (d.sort.Key + 1) % sortkey.Count, Desc: d.sort.Desc}) })
		return d.sortLater()
	case key.Matches(msg, k.Reverse):
		d := m.cur()
		m.keepSelection(func() { d.setSort(sortkey.Sort{Key: d.sort.Key, Desc: !d.sort.Desc}) })
	case key.Matches(msg, k.SortCreated):
		return m.listByTime(sortkey.Created)
	case key.Matches(msg, k.SortModified):
		return m.listByTime(sortkey.Modified)
	case key.Matches(msg, k.Refresh):
		return m.eng.Load(m.tab)
	case key.Matches(msg, k.Retry):
		return m.retry()
	case key.Matches(msg, k.Open):
		return m.open()
	case key.Matches(msg, k.Copy):
		return m.copyURL()
	case key.Matches(msg, k.Edit):
		return m.edit()
	case key.Matches(msg, k.New):
		return m.newItem()
	default:
		return m.onUserKey(msg)
	}
	return nil
}

// onFilterKey handles a key while the filter field has the keyboard: text
// edits the filter live, up and down still move, enter keeps the filter, esc
// clears it.
func (m *Model) onFilterKey(msg tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.Clear):
		m.clearFilters()
		return nil
	case key.Matches(msg, m.keys.Accept):
		m.filter.Blur()
		return nil
	case msg.Code == tea.KeyUp:
		m.moveCursor(0, -1)
		return nil
	case msg.Code == tea.KeyDown:
		m.moveCursor(0, 1)
		return nil
	case key.Matches(msg, m.keys.Complete):
		return m.completeFilter()
	}
	m.filterHint = ""
	return m.onFilterInput(msg)
}

// onFilterInput gives a key or a paste to the filter field and applies the
// text at once.
func (m *Model) onFilterInput(msg tea.Msg) tea.Cmd {
	if m.filter.Update(msg) {
		return m.applyQuery(m.filter.Value())
	}
	return nil
}

// applyQuery filters the current kind by text and puts every cursor back at
// the top of the results. It returns the read of the iterations when the
// filter names one and they are not known yet.
func (m *Model) applyQuery(q string) tea.Cmd {
	d := m.cur()
	d.typed = q
	read := tea.Batch(m.resolveIterations(d), m.resolveFinals(d))
	d.setQuery(q, m.person())
	m.resetCursors(d)
	return read
}

// resetCursors puts every cursor of d on its first item, and the column
// cursor on the first column with items when its own has none.
func (m *Model) resetCursors(d *dataset) {
	for c := range d.cols {
		d.cols[c].sel, d.cols[c].top = 0, 0
	}
	d.listSel, d.listTop = 0, 0
	if d.prio < 0 && len(d.visible(d.cur)) == 0 {
		for c := range d.cols {
			if len(d.visible(c)) > 0 {
				d.cur = c
				break
			}
		}
	}
	m.clamp(d)
}

// clearFilters removes the text and priority filters of the current kind.
func (m *Model) clearFilters() {
	m.filter.Blur()
	m.filter.Reset()
	d := m.cur()
	if d.query == "" && d.prio < 0 {
		return
	}
	m.keepSelection(func() {
		d.typed = ""
		d.setQuery("", m.person())
		d.setPriorityFilter(-1)
	})
}

// keepSelection runs change (a mode, sort or filter change) and puts the
// cursor back on the item it was on, when that item is still shown.
func (m *Model) keepSelection(change func()) {
	i, ok := m.selected()
	change()
	if ok {
		m.follow(i)
		return
	}
	m.clamp(m.cur())
}

// switchTab shows kind k, loading it the first time.
func (m *Model) switchTab(k api.Kind) tea.Cmd {
	m.tab = k
	d := m.cur()
	m.filter.Blur()
	m.filter.SetValue(d.typed)
	m.clamp(d)
	if m.ws != 0 && !m.eng.Progress(k).Started {
		return m.eng.Load(k)
	}
	return nil
}

// tabAt is the tab drawn at screen column x of the first line.
func (m *Model) tabAt(x int) (api.Kind, bool) {
	end := 0
	for _, k := range api.Kinds {
		end += tabWidth(m.tabLabel(k))
		if x < end {
			return k, true
		}
	}
	return 0, false
}
