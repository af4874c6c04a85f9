package board

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/components/picker"
	"triage/ui/i18n"
	"triage/ui/views/board/sortkey"
)

// Saved views (the config's views:) and the board as it was last shown:
// a kind, a filter, columns or a list, the grouping, the list's sort, and,
// when restored at start, the focused item.

// State is how the board is shown now, to restore at the next start.
func (m *Model) State() store.ViewState {
	d := m.cur()
	st := store.ViewState{View: m.viewName, Kind: m.tab.String(), Query: d.typed, Mode: "columns", Sort: d.sort.Name(),
		Group: viewGroups[d.groupField()], Columns: m.listColumns}
	if m.mode == modeList {
		st.Mode = "list"
	}
	if i, ok := m.selected(); ok {
		st.Focus = d.items[i].ID
	}
	return st
}

// Restore shows the board as st says at the next Load: its focused item
// once the item is listed.
func (m *Model) Restore(st store.ViewState) { m.restore = &st }

// apply shows a kind, filter, mode, grouping and sort; empty fields keep
// theirs.
func (m *Model) apply(st store.ViewState) tea.Cmd {
	var cmd tea.Cmd
	if k, err := api.ParseKind(st.Kind); err == nil && st.Kind != "" && k != m.tab {
		cmd = m.switchTab(k)
	}
	d := m.cur()
	switch st.Mode {
	case "list":
		m.mode = modeList
	case "columns":
		m.mode = modeColumns
	}
	if s, ok := sortkey.Parse(st.Sort); ok {
		d.setSort(s)
	}
	if st.View != "" || st.Columns != "" {
		m.listColumns = st.Columns
	}
	m.filter.Blur()
	m.filter.SetValue(st.Query)
	read := m.applyQuery(st.Query)
	m.viewName, m.focus = st.View, st.Focus
	m.viewGroup, _ = groupOfView(st.Group)
	m.viewGroupKind = m.tab
	return tea.Batch(cmd, read)
}

// focusRestored puts the cursor on the item a restored board focused, once
// it is listed.
func (m *Model) focusRestored() {
	if m.focus == "" {
		return
	}
	if i, ok := m.cur().find(m.focus); ok {
		m.follow(i)
		m.focus = ""
	}
}

// useView shows a saved view: its grouping once its kind's fields are
// read.
func (m *Model) useView(v store.SavedView) tea.Cmd {
	cmd := m.apply(store.ViewState{View: v.Name, Kind: v.Kind, Query: v.Query, Mode: store.ModeName(v.Mode), Sort: v.Sort, Group: v.Group, Columns: v.Columns})
	return tea.Batch(cmd, tea.Sequence(m.groupAsView(), m.note(i18n.Tf("view %s", v.Name))))
}

// groupAsView groups the board as the view shown says, once the fields of
// its kind are read and while that kind is shown.
func (m *Model) groupAsView() tea.Cmd {
	d := m.cur()
	f := m.viewGroup
	if f == "" || m.tab != m.viewGroupKind || len(d.fields) == 0 {
		return nil
	}
	m.viewGroup = ""
	if f == d.groupField() {
		return nil
	}
	return m.groupBy(f)
}

// onViewKey opens the saved view bound to a key.
func (m *Model) onViewKey(k string) tea.Cmd {
	for _, v := range m.ctx.Views {
		if v.Key != "" && v.Key == k {
			return m.useView(v)
		}
	}
	return nil
}

// openViewPicker lists the saved views to switch to.
func (m *Model) openViewPicker() tea.Cmd {
	if len(m.ctx.Views) == 0 {
		return m.note(i18n.Tf("no saved views: %s saves what is shown as one", m.keys.SaveView.Help().Key))
	}
	items := make([]picker.Item, len(m.ctx.Views))
	for i, v := range m.ctx.Views {
		detail := strings.TrimSpace(v.Kind + " " + v.Query)
		if v.Key != "" {
			detail = v.Key + "  " + detail
		}
		items[i] = picker.Item{Title: v.Name, Detail: detail, Value: v.Name}
	}
	m.pick = &pickState{purpose: pickView, kind: m.tab, model: picker.New(m.ctx, i18n.T("Saved views"), items)}
	if m.viewName != "" {
		m.pick.model.SetCurrent(m.viewName)
	}
	m.sizePicker(len(items))
	return nil
}
