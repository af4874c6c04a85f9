package board

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"triage/store"
	"triage/ui/common"
	"triage/ui/components/dialog"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// Views made on the board: ctrl+s saves what is shown (kind, filter,
// columns or list, grouping, sort, the list's columns) as a named view in
// the config file (store.SaveView, which keeps the rest of the file as it
// is); in the : picker, ctrl+r renames the view under the cursor and
// ctrl+d deletes it, after a yes.

// viewEdit is the box open over the board while a view is named or its
// deletion confirmed.
type viewEdit struct {
	from     string // the view renamed or deleted; "": what is shown is saved
	deleting bool
	name     common.TextField
}

// viewsWrittenMsg says the config file was written: the views it holds
// now, or why it was not.
type viewsWrittenMsg struct {
	views []store.SavedView
	from  string // the view renamed or deleted; "": one saved
	to    string // the view saved or the new name; "": deleted
	err   error
}

// viewGroups names the groupings as views write them.
var viewGroups = map[engine.Field]string{engine.Priority: "priority", engine.Status: "status", engine.Owner: "owner", engine.Iteration: "iteration"}

// onViewEdit takes what belongs to views made on the board: the keys of
// the box open, ctrl+s, the : picker's ctrl+r and ctrl+d, and the answer
// of the file's write. False: the message is not one of these.
func (m *Model) onViewEdit(msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case viewsWrittenMsg:
		return m.onViewsWritten(msg), true
	case tea.PasteMsg:
		if m.viewEdit != nil {
			m.viewEdit.name.Update(msg)
			return nil, true
		}
	case tea.KeyPressMsg:
		switch {
		case m.viewEdit != nil:
			return m.onViewEditKey(msg), true
		case m.prompt != nil || m.compose != nil:
		case key.Matches(msg, m.keys.SaveView) && (m.pick == nil || m.pick.purpose == pickView):
			m.pick = nil
			return m.askViewName("", ""), true
		case m.pick == nil || m.pick.purpose != pickView:
		case key.Matches(msg, m.keys.RenameView):
			if it, ok := m.pick.model.Selected(); ok {
				m.pick = nil
				return m.askViewName(it.Value, it.Value), true
			}
			return nil, true
		case key.Matches(msg, m.keys.DeleteView):
			if it, ok := m.pick.model.Selected(); ok {
				m.pick = nil
				m.viewEdit = &viewEdit{from: it.Value, deleting: true}
			}
			return nil, true
		}
	}
	return nil, false
}

// askViewName opens the box that names a view: a new one (from "") or one
// renamed, the name typed so far being name.
func (m *Model) askViewName(from, name string) tea.Cmd {
	if m.ctx.ConfigFile == "" {
		return m.note(i18n.T("views cannot be saved here: this run reads no config file"))
	}
	m.filter.Blur()
	m.viewEdit = &viewEdit{from: from, name: common.NewTextField(m.ctx.Styles, i18n.T("name: "), i18n.T("a name for the view"))}
	m.viewEdit.name.SetValue(name)
	m.viewEdit.name.Focus()
	return nil
}

// onViewEditKey answers the box: enter saves, renames or deletes; esc (or
// n, when deleting) leaves everything as it was.
func (m *Model) onViewEditKey(msg tea.KeyPressMsg) tea.Cmd {
	e := m.viewEdit
	switch {
	case msg.Code == tea.KeyEscape || (e.deleting && key.Matches(msg, m.keys.Cancel)):
		m.viewEdit = nil
		return m.note(i18n.T("no view changed"))
	case msg.Code == tea.KeyEnter || (e.deleting && key.Matches(msg, m.keys.Confirm)):
		m.viewEdit = nil
		return m.writeViews(e)
	case !e.deleting:
		e.name.Update(msg)
	}
	return nil
}

// writeViews writes the change the box asked for into the config file, in
// the background.
func (m *Model) writeViews(e *viewEdit) tea.Cmd {
	path, name := m.ctx.ConfigFile, strings.TrimSpace(e.name.Value())
	switch {
	case e.deleting:
		return func() tea.Msg {
			views, err := store.DeleteView(path, e.from)
			return viewsWrittenMsg{views: views, from: e.from, err: err}
		}
	case e.from != "":
		return func() tea.Msg {
			views, err := store.RenameView(path, e.from, name)
			return viewsWrittenMsg{views: views, from: e.from, to: name, err: err}
		}
	}
	v := m.shownView(name)
	return func() tea.Msg {
		views, err := store.SaveView(path, v)
		return viewsWrittenMsg{views: views, to: v.Name, err: err}
	}
}

// shownView is what the board shows, as a view named name.
func (m *Model) shownView(name string) store.SavedView {
	st := m.State()
	return store.SavedView{Name: name, Kind: st.Kind, Query: strings.TrimSpace(st.Query), Mode: st.Mode,
		Group: st.Group, Sort: st.Sort, Columns: st.Columns}
}

// onViewsWritten takes the views the config file holds now.
func (m *Model) onViewsWritten(msg viewsWrittenMsg) tea.Cmd {
	if msg.err != nil {
		return m.report(msg.err)
	}
	m.ctx.Views = msg.views
	switch {
	case msg.from == "":
		m.viewName = msg.to
		return m.note(i18n.Tf("saved the view %q in %s; : switches to it", msg.to, m.ctx.ConfigFile))
	case msg.to == "":
		if m.viewName == msg.from {
			m.viewName = ""
		}
		return tea.Batch(m.openViewPicker(), m.note(i18n.Tf("deleted the view %q from %s", msg.from, m.ctx.ConfigFile)))
	}
	if m.viewName == msg.from {
		m.viewName = msg.to
	}
	cmd := m.openViewPicker()
	if m.pick != nil {
		m.pick.model.MoveTo(msg.to)
	}
	return tea.Batch(cmd, m.note(i18n.Tf("renamed the view %q to %q", msg.from, msg.to)))
}

// viewEditBox draws the box open: the name typed, or the question.
func (m *Model) viewEditBox() string {
	e := m.viewEdit
	if e.deleting {
		return dialog.Box{Title: i18n.Tf("Delete the view %s?", e.from),
			Lines: []string{i18n.Tf("It goes from %s; the rest of the file stays as it is.", m.ctx.ConfigFile)},
			Hint:  i18n.T("y/enter deletes · n/esc keeps it")}.View(m.ctx.Styles, m.width)
	}
	s := m.ctx.Styles
	w := max(min(m.width-6, 80), 20)
	title, about := i18n.Tf("Rename the view %s", e.from), i18n.T("The rest of the view stays as it is.")
	if e.from == "" {
		title, about = i18n.T("Save what is shown as a view"), m.describeShown()
	}
	lines := []string{s.Title.Render(common.Fit(title, w)), s.Text.Render(common.Fit(about, w)),
		s.Subtle.Render(common.Fit(i18n.Tf("in %s", m.ctx.ConfigFile), w))}
	if name := strings.TrimSpace(e.name.Value()); name != e.from && slices.ContainsFunc(m.ctx.Views, func(v store.SavedView) bool { return v.Name == name }) {
		exists := i18n.Tf("A view named %s exists: pick another name.", name)
		if e.from == "" {
			exists = i18n.Tf("A view named %s exists: saving replaces it.", name)
		}
		lines = append(lines, s.Warning.Render(common.Fit(exists, w)))
	}
	e.name.SetWidth(w - 8)
	lines = append(lines, "", e.name.View(), "", s.Subtle.Render(common.Fit(i18n.T("enter saves · ctrl+u clears · esc cancels"), w)))
	return s.Dialog.Render(strings.Join(lines, "\n"))
}

// describeShown says what a view saved now would show.
func (m *Model) describeShown() string {
	v := m.shownView("")
	parts := []string{kindsWord(m.tab), i18n.T(v.Mode), i18n.Tf("grouped by %s", i18n.T(v.Group)), i18n.Tf("sorted by %s", v.Sort)}
	if v.Query != "" {
		parts = append(parts, i18n.Tf("filter %s", v.Query))
	}
	return strings.Join(parts, " · ")
}

// pickerView draws the picker open; the : picker with a line of its own
// keys under it.
func (m *Model) pickerView() string {
	if m.pick.purpose != pickView {
		return m.pick.model.View()
	}
	k := &m.keys
	return m.pick.model.View() + "\n\n" + m.ctx.Styles.Subtle.Render(i18n.Tf("enter switches · %s saves what is shown · %s renames · %s deletes",
		k.SaveView.Help().Key, k.RenameView.Help().Key, k.DeleteView.Help().Key))
}

// viewEditKeys are the box's keys, for the help line.
func (m *Model) viewEditKeys() dialog.Keys {
	if m.viewEdit.deleting {
		return dialog.Keys{m.keys.Confirm, m.keys.Cancel}
	}
	return dialog.Keys{
		key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", i18n.T("save"))),
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", i18n.T("cancel"))),
	}
}

// groupOfView is the grouping a view names, and false for none.
func groupOfView(name string) (engine.Field, bool) {
	for f, n := range viewGroups {
		if n == name {
			return f, true
		}
	}
	return "", false
}
