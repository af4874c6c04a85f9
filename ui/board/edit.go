package board

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/ui/common"
)

// editState is where an edit stands.
type editState int

const (
	editPending editState = iota // sent, the card shows it already
	editFailed                   // refused or lost; the card is back, R sends it again
)

// edit is a change to one item made optimistically: the card shows it at
// once, and goes back to base (what the service last confirmed) if the
// service refuses it. One edit per item: a new change to the same item joins
// the edit and sends it again.
type edit struct {
	token uint64 // which sending the latest answer must carry
	ws    int64
	kind  api.Kind
	id    string
	base  api.Item

	setPriority bool
	label       string // option value sent as priority_label
	setTitle    bool
	title       string

	state editState
	err   error
}

// apply lays the edit over an item as the service holds it.
func (e *edit) apply(it api.Item) api.Item {
	if e.setPriority {
		it.PriorityLabel = e.label
	}
	if e.setTitle {
		it.Title = e.title
	}
	return it
}

// editDoneMsg is the service's answer to an edit.
type editDoneMsg struct {
	token uint64
	id    string
	item  api.Item
	err   error
}

// send returns the command that sends the edit as it stands now: the title
// first (Update), then the priority (UpdatePriority, never legacy priority).
// The status line shows it as a task until the answer.
func (m *Model) send(e *edit) tea.Cmd {
	tasks := m.ctx.Tasks
	task := tasks.Start("saving #" + shortID(e.id))
	resend := m.resend(e)
	return func() tea.Msg {
		defer tasks.Done(task)
		return resend()
	}
}

// resend is send without a task: the Retry of an AuthExpiredMsg, which runs
// only if the new login succeeds.
func (m *Model) resend(e *edit) tea.Cmd {
	svc, user, ctx := m.ctx.Service, m.ctx.User, m.ctx.Request()
	sent := *e
	return func() tea.Msg { return sendEdit(ctx, svc, user, sent) }
}

// sendEdit performs an edit against the service.
func sendEdit(ctx context.Context, svc common.Service, user string, e edit) editDoneMsg {
	msg := editDoneMsg{token: e.token, id: e.id}
	if e.setTitle {
		msg.item, msg.err = svc.Update(ctx, e.ws, e.kind, e.id, map[string]string{"title": e.title}, user)
	}
	if msg.err == nil && e.setPriority {
		msg.item, msg.err = svc.UpdatePriority(ctx, e.ws, e.kind, e.id, e.label, user)
	}
	return msg
}

// change starts (or joins) the edit of item i of the current kind, shows it
// at once and sends it.
func (m *Model) change(d *dataset, i int32, setup func(e *edit)) tea.Cmd {
	it := d.items[i]
	e, ok := m.edits[it.ID]
	if !ok || e.kind != d.kind {
		e = &edit{ws: m.ws, kind: d.kind, id: it.ID, base: it}
		m.edits[it.ID] = e
	}
	setup(e)
	m.editSeq++
	e.token, e.state, e.err = m.editSeq, editPending, nil
	d.replace(i, e.apply(e.base))
	if d == m.cur() {
		m.follow(i)
	}
	return m.send(e)
}

// setPriority moves item i of the current kind to option opt.
func (m *Model) setPriority(i int32, opt int) tea.Cmd {
	d := m.cur()
	o := d.opts[opt]
	return m.change(d, i, func(e *edit) { e.setPriority, e.label = true, o.Value })
}

// step moves the selected card to the next (1) or previous (-1) priority.
func (m *Model) step(dir int) tea.Cmd {
	i, ok := m.selected()
	if !ok {
		return nil
	}
	d := m.cur()
	if len(d.opts) == 0 {
		return m.note("no priorities are known for %s", d.kind.Path())
	}
	opt, ok := nextOption(d.cols[d.col[i]], len(d.opts), dir)
	if !ok {
		if dir > 0 {
			return m.note("#%s already has the last priority", d.items[i].ShortID())
		}
		return m.note("#%s already has the first priority", d.items[i].ShortID())
	}
	return m.setPriority(i, opt)
}

// setNth gives the selected card the nth option (from 0).
func (m *Model) setNth(n int) tea.Cmd {
	i, ok := m.selected()
	if !ok {
		return nil
	}
	d := m.cur()
	if n < 0 || n >= len(d.opts) {
		return m.note("%s have %d priorities", d.kind.Plural(), len(d.opts))
	}
	return m.setPriority(i, n)
}

// onEditDone takes the service's answer to an edit: the card takes the
// service's item, or goes back and says why. An answer to an older sending
// of an edit only updates what the service holds.
func (m *Model) onEditDone(msg editDoneMsg) tea.Cmd {
	e, ok := m.edits[msg.id]
	if !ok {
		return nil
	}
	if msg.token != e.token {
		if msg.err == nil && msg.item.ID == e.id {
			e.base = msg.item
		}
		return nil
	}
	d := m.sets[e.kind]
	i, here := d.find(e.id)
	here = here && e.ws == m.ws
	switch {
	case msg.err == nil:
		delete(m.edits, e.id)
		if here {
			d.replace(i, merge(d.items[i], msg.item))
			m.clamp(d)
		}
		return m.note("saved #%s", shortID(e.id))
	case needsLogin(msg.err):
		return common.Cmd(common.AuthExpiredMsg{Retry: m.resend(e)})
	}
	e.state, e.err = editFailed, msg.err
	if here {
		sel, ok := m.selected()
		d.replace(i, e.base)
		if ok && sel == i && d == m.cur() {
			m.follow(i)
		}
		m.clamp(d)
	}
	hint := "press R to send it again"
	if api.MaybeApplied(msg.err) {
		hint = "it may have been applied: press r to check, or R to send it again"
	}
	return m.report(fmt.Errorf("could not save #%s (%s): %w", shortID(e.id), hint, msg.err))
}

// retry sends every failed edit and create again.
func (m *Model) retry() tea.Cmd {
	var cmds []tea.Cmd
	for _, e := range m.edits {
		if e.state != editFailed || e.ws != m.ws {
			continue
		}
		d := m.sets[e.kind]
		m.editSeq++
		e.token, e.state, e.err = m.editSeq, editPending, nil
		if i, ok := d.find(e.id); ok {
			d.replace(i, e.apply(e.base))
			m.clamp(d)
		}
		cmds = append(cmds, m.send(e))
	}
	creates := m.creates
	m.creates = nil
	for _, n := range creates {
		cmds = append(cmds, m.create(n))
	}
	if len(cmds) == 0 {
		return m.note("nothing to retry")
	}
	m.lastErr = nil
	return tea.Batch(cmds...)
}

// onSave applies the editor's result optimistically, like a move.
func (m *Model) onSave(msg common.SaveItemMsg) tea.Cmd {
	d := m.sets[msg.Kind]
	i, ok := d.find(msg.ID)
	if !ok {
		return m.report(fmt.Errorf("#%s is no longer on the board: press r to refresh", shortID(msg.ID)))
	}
	title := msg.Title != msg.Original.Title
	prio := msg.PriorityLabel != msg.Original.PriorityLabel
	if !title && !prio {
		return nil
	}
	return m.change(d, i, func(e *edit) {
		if title {
			e.setTitle, e.title = true, msg.Title
		}
		if prio {
			e.setPriority, e.label = true, msg.PriorityLabel
		}
	})
}

// merge lays the service's answer over the item as shown: the answer wins for
// every field it carries, so the card shows what the service stored (and an
// answer that omits fields does not blank them).
func merge(shown, answer api.Item) api.Item {
	if answer.ID != shown.ID {
		return shown
	}
	out := shown
	for _, f := range [...]struct {
		dst *string
		src string
	}{
		{&out.Title, answer.Title}, {&out.Priority, answer.Priority}, {&out.PriorityLabel, answer.PriorityLabel},
		{&out.Status, answer.Status}, {&out.Owner, answer.Owner}, {&out.Creator, answer.Creator},
		{&out.Created, answer.Created}, {&out.Modified, answer.Modified}, {&out.WorkspaceID, answer.WorkspaceID},
		{&out.IterationID, answer.IterationID}, {&out.Label, answer.Label}, {&out.Severity, answer.Severity},
		{&out.StoryID, answer.StoryID}, {&out.Description, answer.Description},
	} {
		if f.src != "" {
			*f.dst = f.src
		}
	}
	if answer.Extra != nil {
		out.Extra = answer.Extra
	}
	return out
}

// shortID is the short form of an item id.
func shortID(id string) string {
	it := api.Item{ID: id}
	return it.ShortID()
}
