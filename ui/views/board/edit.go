package board

import (
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/engine"
	"triage/ui/i18n"
)

// change sets one field of item i of d, as one step of the engine: the card
// shows it at once and the cursor follows it, except for a priority move in
// columns, where the cursor keeps its place (the source column, on the card
// that followed the one that moved).
func (m *Model) change(d *dataset, i int32, f engine.Field, to string) tea.Cmd {
	shown, cmd := m.eng.Apply(d.kind, engine.Change{Item: d.items[i], Field: f, To: to})
	if len(shown) == 0 {
		return cmd
	}
	m.showStaged(d, i, shown[0], f)
	return cmd
}

// showStaged draws item i of d as the engine staged it.
func (m *Model) showStaged(d *dataset, i int32, it api.Item, f engine.Field) {
	if f == d.groupField() && m.mode == modeColumns && d == m.cur() {
		c := d.cur
		sel := d.cols[c].sel
		d.replace(i, it)
		d.cur, d.cols[c].sel = c, sel
		m.clamp(d)
		return
	}
	m.replaceKeeping(d, i, it)
	if d == m.cur() {
		m.follow(i)
	}
}

// replaceKeeping sets item i of d to it; the cursor stays on it when it was there.
func (m *Model) replaceKeeping(d *dataset, i int32, it api.Item) {
	sel, ok := m.selected()
	d.replace(i, it)
	if ok && sel == i && d == m.cur() {
		m.follow(i)
		return
	}
	m.clamp(d)
}

// onChanged draws what the engine says changed: what a load did, cards,
// items created, the cursor's item, and a conflict to ask about.
func (m *Model) onChanged(msg engine.ChangedMsg) tea.Cmd {
	var cmds []tea.Cmd
	for _, ld := range msg.Loaded {
		m.onLoaded(ld)
	}
	cmds = append(cmds, m.groupAsView())
	for _, s := range msg.Items {
		d := m.sets[s.Kind]
		i, ok := d.find(s.Item.ID)
		switch {
		case s.Created:
			i, ok = d.add(s.Item), true
		case ok:
			m.replaceKeeping(d, i, m.eng.Card(s, d.items[i]))
		}
		if s.Confirmed {
			m.unmark(s.Kind, s.Item.ID)
		}
		if ok && msg.Follow != nil && msg.Follow.Item.ID == s.Item.ID && msg.Follow.Kind == s.Kind {
			cmds = append(cmds, m.reveal(s.Kind, i, msg.Reveal))
		}
	}
	if msg.Conflicts {
		cmds = append(cmds, m.askConflict())
	}
	return tea.Batch(cmds...)
}

// reveal puts the cursor on item i of kind k: on the tab shown, or on its
// own tab when switch says so.
func (m *Model) reveal(k api.Kind, i int32, switchTab bool) tea.Cmd {
	var cmd tea.Cmd
	if k != m.tab {
		if !switchTab {
			return nil
		}
		cmd = m.switchTab(k)
	}
	m.follow(i)
	return cmd
}

// setPriority moves item i of the current kind to option opt.
func (m *Model) setPriority(i int32, opt int) tea.Cmd {
	d := m.cur()
	return m.change(d, i, engine.Priority, d.opts[opt].Value)
}

// clearPriority takes item i of the current kind back to no priority.
func (m *Model) clearPriority(i int32) tea.Cmd {
	d := m.cur()
	if d.items[i].DisplayPriority() == "" {
		return m.note(i18n.Tf("#%s has no priority already", d.items[i].ShortID()))
	}
	return m.change(d, i, engine.Priority, "")
}

// step moves the selected card (or, with marks, every marked card) to the
// next (1) or previous (-1) column of the grouping field.
func (m *Model) step(dir int) tea.Cmd {
	if m.marking() {
		return m.previewStep(dir)
	}
	if d := m.cur(); d.groupField() != engine.Priority {
		return m.stepGroup(dir)
	}
	i, cmd, ok := m.selectedToSet()
	if !ok {
		return cmd
	}
	d := m.cur()
	opt, ok := nextOption(d.cols[d.col[i]], len(d.opts), dir)
	if !ok {
		if dir > 0 {
			return m.note(i18n.Tf("#%s already has the last priority", d.items[i].ShortID()))
		}
		return m.note(i18n.Tf("#%s already has the first priority", d.items[i].ShortID()))
	}
	return m.setPriority(i, opt)
}

// selectedToSet is the selected card when its kind has priorities to set;
// else false, with the note why not.
func (m *Model) selectedToSet() (int32, tea.Cmd, bool) {
	i, ok := m.selected()
	if !ok {
		return 0, nil, false
	}
	if d := m.cur(); len(d.opts) == 0 {
		return 0, m.note(i18n.Tf("no priorities are known for %s", kindsWord(d.kind))), false
	}
	return i, nil, true
}

// setNth gives the selected card (or every marked card) the nth option (from 0).
func (m *Model) setNth(n int) tea.Cmd {
	d := m.cur()
	if opts := d.columnOpts(); d.groupField() != engine.Priority {
		i, ok := m.selected()
		if n < 0 || n >= len(opts) || !ok {
			return m.note(i18n.Tf("the digits give the selected card the nth %s (of %d)", fieldWord(d.groupField()), len(opts)))
		}
		if m.marking() {
			return m.previewSet(n)
		}
		return m.setGroupValue(d, i, opts[n].Value)
	}
	if n < 0 || n >= len(d.opts) {
		return m.note(i18n.Tf("%s have %d priorities", i18n.T(d.kind.Plural()), len(d.opts)))
	}
	if m.marking() {
		return m.previewSet(n)
	}
	i, ok := m.selected()
	if !ok {
		return nil
	}
	return m.setPriority(i, n)
}

// retry sends every refused edit and create again, and asks about the
// conflicts still waiting for an answer.
func (m *Model) retry() tea.Cmd {
	cmd, again := m.eng.Retry()
	if again {
		m.lastErr = nil
	}
	ask := m.askConflict()
	switch {
	case again || ask != nil || m.prompt != nil:
		return tea.Batch(cmd, ask)
	case m.eng.Waiting() > 0:
		return tea.Batch(m.eng.FlushNow(), m.note(i18n.Tf("%s: sending again", engine.WaitingText(m.eng.Waiting()))))
	}
	return m.note(i18n.T("nothing to retry"))
}
