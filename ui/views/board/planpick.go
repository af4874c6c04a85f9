package board

import (
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/views/board/fieldflow"
)

// openOwnerPicker offers the workspace's members, searchable by nick and
// name; enter adds or removes one, "done" sets the owners chosen, starting
// from the item's owners (or those every marked item has).
func (m *Model) openOwnerPicker() tea.Cmd {
	d := m.cur()
	is, id, ok := m.subjects()
	if !ok {
		return nil
	}
	members, known, cmd := m.eng.Members()
	if !known {
		m.awaitPick = pickOwner
		return cmd
	}
	lists := make([]string, len(is))
	for k, i := range is {
		lists[k] = d.items[i].Owner
	}
	title := i18n.Tf("Owners of %d marked", len(is))
	if id != "" {
		title = i18n.Tf("Owners of #%s", d.items[is[0]].ShortID())
	}
	return m.openFieldPicker(pickOwner, engine.Owner, id, fieldflow.OwnerFlow(m.ctx, title, members, fieldflow.CommonOwners(lists)))
}

// toggleMe adds the user to the owners of the selected item, or takes them
// off; with marks, adds them to every marked item (or takes them off all,
// when every one has them).
func (m *Model) toggleMe() tea.Cmd {
	d := m.cur()
	is, id, ok := m.subjects()
	if !ok {
		return nil
	}
	me := m.ctx.User
	all := true
	for _, i := range is {
		all = all && fieldflow.HasOwner(d.items[i].Owner, me)
	}
	to := func(it api.Item) string {
		owners := store.Owners(it.Owner)
		if all || !fieldflow.HasOwner(it.Owner, me) {
			owners = fieldflow.Toggle(owners, me)
		}
		return joinOwners(owners)
	}
	if id == "" {
		return m.previewField(engine.Owner, to, nil)
	}
	return m.setField(d, is[0], engine.Owner, to(d.items[is[0]]), nil)
}

// openIterationPicker offers "none" (unplan), then the open iterations, the
// current one marked, then the done ones.
func (m *Model) openIterationPicker() tea.Cmd {
	d := m.cur()
	is, id, ok := m.subjects()
	if !ok {
		return nil
	}
	its, known, cmd := m.eng.Iterations()
	if !known {
		m.awaitPick = pickIteration
		return cmd
	}
	planned, title := "", i18n.Tf("Iteration of %d marked", len(is))
	if id != "" {
		it := d.items[is[0]]
		planned, title = store.NoIteration(it.IterationID), i18n.Tf("Iteration of #%s", it.ShortID())
	}
	items := fieldflow.IterationChoices(its, fieldflow.Today(m.ctx.Clock()), planned)
	m.openFieldPicker(pickIteration, engine.Iteration, id, fieldflow.ValueFlow(m.ctx, title, items))
	m.pick.model.MoveTo(planned)
	return nil
}

// openPickerOf opens the picker a field is chosen with (store.Field.Pick).
func (m *Model) openPickerOf(f engine.Field) tea.Cmd {
	switch f.Spec().Pick {
	case store.PickPriority:
		return m.openPriorityPicker()
	case store.PickStatus:
		return m.openStatusPicker()
	case store.PickOwners:
		return m.openOwnerPicker()
	case store.PickIteration:
		return m.openIterationPicker()
	case store.PickOption:
		return m.openOptionPicker(f)
	}
	return nil
}

// openOptionPicker offers the options of a field chosen among its options
// (store.PickOption: a bug's severity), from the field information.
func (m *Model) openOptionPicker(f engine.Field) tea.Cmd {
	d, spec := m.cur(), f.Spec()
	if !spec.Has(d.kind) {
		return m.note(i18n.Tf("only bugs have a %s", i18n.T(spec.Name)))
	}
	is, id, ok := m.subjects()
	if !ok {
		return nil
	}
	items := fieldflow.OptionChoices(d.fields[spec.Key].Options.Pairs)
	if len(items) == 0 {
		return m.note(i18n.Tf("the service lists no %s options for %s", i18n.T(spec.Name), kindsWord(d.kind)))
	}
	title := i18n.Tf("%s of %d marked", i18n.T(spec.Label), len(is))
	if id != "" {
		title = i18n.Tf("%s of #%s", i18n.T(spec.Label), d.items[is[0]].ShortID())
	}
	m.openFieldPicker(pickOption, f, id, fieldflow.ValueFlow(m.ctx, title, items))
	if id != "" {
		m.pick.model.SetCurrent(f.Value(d.items[is[0]]))
	}
	return nil
}

// onReferenceRead opens the picker that waited for what was read.
func (m *Model) onReferenceRead(msg engine.ReferenceReadMsg) tea.Cmd {
	p := m.awaitPick
	m.awaitPick = 0
	var cmd tea.Cmd
	if m.awaitGroup {
		m.awaitGroup = false
		cmd = m.groupBy(engine.Owner)
	}
	if m.awaitIters {
		m.awaitIters = false
		cmd = tea.Batch(cmd, m.resolveFilters())
	}
	if d := m.cur(); m.awaitTypes && d.groupField() == engine.Status {
		known, read := m.eng.MovesOf(d.kind, d.items...)
		m.awaitTypes = !known
		cmd = tea.Batch(cmd, read)
	}
	if again := m.awaitMove; again != nil {
		m.awaitMove = nil
		cmd = tea.Batch(cmd, again())
	}
	switch p {
	case pickStatus:
		cmd = tea.Batch(cmd, m.openStatusPicker())
	case pickOwner:
		cmd = tea.Batch(cmd, m.openOwnerPicker())
	case pickIteration:
		cmd = tea.Batch(cmd, m.openIterationPicker())
	}
	if msg.Err != nil {
		return tea.Batch(cmd, m.report(msg.Err))
	}
	return cmd
}
