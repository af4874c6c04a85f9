package board

import (
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
)

// changeState is where one change of an item stands.
type changeState int

const (
	changePending  changeState = iota // in the outbox: on its way, or waiting for the service
	changeFailed                      // refused (or never queued): the card shows the service's value, R sends it again
	changeConflict                    // someone else changed the item meanwhile: the user keeps theirs or mine
)

// change is the latest change of one field of an item (its priority or its
// title). Each change is an edit of the outbox; a newer change of the same
// field replaces it on the card, and the older edit still goes to the service
// first.
type change struct {
	to     string
	token  uint64 // which queuing the answer of Send carries
	seq    uint64 // the outbox edit, once added
	state  changeState
	err    error
	edit   store.Edit // the edit as last known (R adds it again; a conflict is resolved by its Seq)
	theirs api.Item   // the item as someone else left it (conflict)
}

// edit is what the user changed on one item, laid over the item as the
// service last showed it (base): the card shows it at once, and goes back to
// base for a change the service refused.
type edit struct {
	ws       int64
	kind     api.Kind
	id       string
	base     api.Item
	priority *change
	title    *change
}

// field returns the change of an operation.
func (e *edit) field(op store.EditOp) **change {
	if op == store.OpTitle {
		return &e.title
	}
	return &e.priority
}

// changes returns the changes the edit holds.
func (e *edit) changes() []*change {
	var out []*change
	for _, c := range []*change{e.priority, e.title} {
		if c != nil {
			out = append(out, c)
		}
	}
	return out
}

// apply lays the changes not refused over an item as the service holds it.
func (e *edit) apply(it api.Item) api.Item {
	if c := e.priority; c != nil && c.state != changeFailed {
		it.PriorityLabel = c.to
		if c.to == "" {
			it.Priority = "" // cleared: the legacy value goes too
		}
	}
	if c := e.title; c != nil && c.state != changeFailed {
		it.Title = c.to
	}
	return it
}

// state is what the card's mark shows: failed first, then conflict, then pending.
func (e *edit) state() changeState {
	st := changePending
	for _, c := range e.changes() {
		switch {
		case c.state == changeFailed:
			return changeFailed
		case c.state == changeConflict:
			st = changeConflict
		}
	}
	return st
}

// queued is an outbox edit on its way from a key press to the service.
type queued struct {
	token uint64
	edit  store.Edit
	added bool // already in the outbox (an undo); else Add it first
}

// stage starts a change of item i of d: the card shows it at once (the
// cursor follows it), and the edit to queue is returned. from is the value
// the user saw.
func (m *Model) stage(d *dataset, i int32, op store.EditOp, to string) queued {
	it := d.items[i]
	e, ok := m.edits[it.ID]
	if !ok || e.kind != d.kind {
		e = &edit{ws: m.ws, kind: d.kind, id: it.ID, base: it}
		m.edits[it.ID] = e
	}
	from := it.Title
	if op == store.OpPriority {
		from = it.DisplayPriority()
	}
	se := store.Edit{
		Session: m.ctx.Session, Service: m.ctx.ServiceURL, User: m.ctx.User,
		WorkspaceID: m.ws, WorkspaceName: string(m.ctx.Workspace.Name), Kind: d.kind, Op: op, ItemID: it.ID,
		ItemTitle: it.Title, From: from, To: to, SeenModified: it.Modified,
	}
	if op == store.OpPriority {
		se.SeenPriority = from
	}
	m.editSeq++
	*e.field(op) = &change{to: to, token: m.editSeq, edit: se}
	if op == store.OpPriority && m.mode == modeColumns && d == m.cur() {
		// The cursor keeps its place: the source column, on the card that
		// followed the one that moved.
		c := d.cur
		sel := d.cols[c].sel
		m.show(e)
		d.cur, d.cols[c].sel = c, sel
		m.clamp(d)
		return queued{token: m.editSeq, edit: se}
	}
	m.show(e)
	if d == m.cur() {
		m.follow(i)
	}
	return queued{token: m.editSeq, edit: se}
}

// show draws an edit's item as the edit leaves it now; the cursor stays on
// it when it was there.
func (m *Model) show(e *edit) {
	if e.ws != m.ws {
		return
	}
	d := m.sets[e.kind]
	if i, ok := d.find(e.id); ok {
		m.replaceKeeping(d, i, e.apply(e.base))
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

// change sets one field of item i of the current kind and sends it.
func (m *Model) change(d *dataset, i int32, op store.EditOp, to string) tea.Cmd {
	if m.ctx.Edits == nil {
		return m.report(errNoOutbox)
	}
	return m.send(m.stage(d, i, op, to))
}

var errNoOutbox = errors.New("edits cannot be saved in this run: no outbox is open")

// setPriority moves item i of the current kind to option opt.
func (m *Model) setPriority(i int32, opt int) tea.Cmd {
	d := m.cur()
	return m.change(d, i, store.OpPriority, d.opts[opt].Value)
}

// clearPriority takes item i of the current kind back to no priority.
func (m *Model) clearPriority(i int32) tea.Cmd {
	d := m.cur()
	if d.items[i].DisplayPriority() == "" {
		return m.note("#%s has no priority already", d.items[i].ShortID())
	}
	return m.change(d, i, store.OpPriority, "")
}

// step moves the selected card (or, with marks, every marked card) to the
// next (1) or previous (-1) priority.
func (m *Model) step(dir int) tea.Cmd {
	if m.marking() {
		return m.previewStep(dir)
	}
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

// setNth gives the selected card (or every marked card) the nth option (from 0).
func (m *Model) setNth(n int) tea.Cmd {
	d := m.cur()
	if n < 0 || n >= len(d.opts) {
		return m.note("%s have %d priorities", d.kind.Plural(), len(d.opts))
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

// onSave applies the editor's result optimistically, like a move: the title
// first, then the priority, each an edit of its own.
func (m *Model) onSave(kind api.Kind, id, title, label string, original api.Item) tea.Cmd {
	d := m.sets[kind]
	i, ok := d.find(id)
	if !ok {
		return m.report(fmt.Errorf("#%s is no longer on the board: press r to refresh", shortID(id)))
	}
	if m.ctx.Edits == nil {
		return m.report(errNoOutbox)
	}
	var batch []queued
	if title != original.Title {
		batch = append(batch, m.stage(d, i, store.OpTitle, title))
	}
	if label != original.PriorityLabel {
		batch = append(batch, m.stage(d, i, store.OpPriority, label))
	}
	if len(batch) == 0 {
		return nil
	}
	return m.send(batch...)
}

// retry sends every refused edit and create again, and asks about the
// conflicts still waiting for an answer.
func (m *Model) retry() tea.Cmd {
	if m.ctx.Edits == nil {
		return m.report(errNoOutbox)
	}
	var batch []queued
	for _, e := range m.edits {
		if e.ws != m.ws {
			continue
		}
		for _, c := range e.changes() {
			if c.state != changeFailed {
				continue
			}
			m.editSeq++
			c.token, c.seq, c.state, c.err = m.editSeq, 0, changePending, nil
			batch = append(batch, queued{token: c.token, edit: c.edit})
		}
		m.show(e)
	}
	for _, n := range m.failedCreates {
		m.editSeq++
		batch = append(batch, queued{token: m.editSeq, edit: n})
	}
	m.failedCreates = nil
	var cmds []tea.Cmd
	if len(batch) > 0 {
		cmds = append(cmds, m.send(batch...))
	}
	if cmd := m.askConflict(); cmd != nil || m.prompt != nil {
		cmds = append(cmds, cmd)
	}
	if len(cmds) == 0 {
		if m.waiting > 0 {
			return tea.Batch(m.flushNow(), m.note("%s: sending again", waitingText(m.waiting)))
		}
		return m.note("nothing to retry")
	}
	m.lastErr = nil
	return tea.Batch(cmds...)
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
