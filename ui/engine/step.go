package engine

import (
	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/i18n"
)

// step is what one user action wrote: a key, a confirmed bulk edit, an
// editor save, a queue answer. u undoes it whole.
type step struct {
	id    uint64 // numbers the step in this session (store.Edit.Step)
	items []*stepItem
}

// newStep is a step of this session, numbered.
func (g *Engine) newStep() *step {
	g.stepCount++
	return &step{id: g.stepCount}
}

// stepItem is one edit of a step, as the outbox holds it once added, and the
// item as it was last known after the edit (staged, then the service's answer).
type stepItem struct {
	kind     api.Kind
	token    uint64
	edit     store.Edit
	item     api.Item
	answered bool // the outbox answered its queuing (edit.Seq is 0 when it could not be queued)
}

// add records an edit of the step; the engine waits for its queuing's answer.
func (g *Engine) add(s *step, kind api.Kind, q queued, it api.Item) {
	si := &stepItem{kind: kind, token: q.token, edit: q.edit, item: it}
	s.items = append(s.items, si)
	g.unanswered[q.token] = si
}

// push records a new step of the user: the steps undone can no longer be
// redone.
func (g *Engine) push(s *step) {
	g.steps = append(g.steps, s)
	g.made = append(g.made, s)
	g.undone = nil
	g.lastCreate = ""
}

// recordStep keeps what the outbox answered about an edit of a step.
func (g *Engine) recordStep(token uint64, res store.Result) {
	si, ok := g.unanswered[token]
	if !ok {
		return
	}
	delete(g.unanswered, token)
	si.answered = true
	if res.Edit.Seq != 0 {
		si.edit = res.Edit
	}
	if res.Item.ID == si.item.ID {
		si.item = mergeAnswer(si.item, res)
	}
}

// Step is one step of this session as the U view lists it: the outbox seqs
// of its edits, and whether enter can still undo it.
type Step struct {
	Seqs     []uint64
	Undoable bool
}

// SessionEditsMsg is the session's edits read again, with the steps that
// made them, for the view that lists them (common.EditsWatcher).
type SessionEditsMsg struct {
	Edits []store.Edit
	Steps []Step
}

// Steps are the steps of this session, oldest first: the user's actions,
// and the undos and redos of them. An edit the outbox could not queue has
// no seq and is left out.
func (g *Engine) Steps() []Step {
	live := make(map[*step]bool, len(g.steps))
	for _, s := range g.steps {
		live[s] = true
	}
	out := make([]Step, 0, len(g.made))
	for _, s := range g.made {
		st := Step{Undoable: live[s]}
		for _, si := range s.items {
			if si.edit.Seq != 0 {
				st.Seqs = append(st.Seqs, si.edit.Seq)
			}
		}
		if len(st.Seqs) > 0 {
			out = append(out, st)
		}
	}
	return out
}

// Undo undoes the last step of the session, whatever fields it wrote: each
// of its items gets back the value it had, each still checked against the
// service (a change made meanwhile is a conflict, asked about).
func (g *Engine) Undo() tea.Cmd {
	if g.ctx.Edits == nil {
		return g.report(ErrNoOutbox)
	}
	if cmd, ok := g.undoCreate(); ok {
		return cmd
	}
	if len(g.steps) == 0 {
		return note("nothing to undo: no change of this session is left")
	}
	return g.undo(len(g.steps) - 1)
}

// UndoStepMsg asks to undo the step that holds an outbox edit (enter in
// the U view).
type UndoStepMsg struct{ Seq uint64 }

// UndoStep undoes the step that holds the outbox edit seq, as Undo does the
// last one.
func (g *Engine) UndoStep(seq uint64) tea.Cmd {
	if g.ctx.Edits == nil {
		return g.report(ErrNoOutbox)
	}
	for i, s := range g.steps {
		for _, si := range s.items {
			if si.edit.Seq == seq && seq != 0 {
				return g.undo(i)
			}
		}
	}
	return note("that change cannot be undone: it was undone already, or is not a change of this session")
}

// undo undoes step i of the session.
func (g *Engine) undo(i int) tea.Cmd {
	s := g.steps[i]
	if !s.answered() {
		g.undoLater = s
		return note("%s is being saved: u undoes it as soon as it is", g.describe(s.edits()))
	}
	g.steps = append(g.steps[:i:i], g.steps[i+1:]...)
	var edits []store.Edit
	for _, si := range s.items {
		if si.edit.Seq == 0 || si.edit.State == store.StateDiscarded {
			continue // never queued, or dropped for the other change: nothing to undo
		}
		orig := si.edit
		u := store.Edit{
			Session: orig.Session, Service: orig.Service, User: orig.User,
			WorkspaceID: orig.WorkspaceID, WorkspaceName: orig.WorkspaceName, Kind: orig.Kind, Op: orig.Op,
			ItemID: orig.ItemID, ItemTitle: si.item.Title, From: orig.To, To: orig.From, SeenModified: si.item.Modified,
		}
		if orig.Op == store.OpPriority {
			u = store.UndoOf(orig, si.item.Modified) // linked to the edit it undoes
			u.WorkspaceName, u.ItemTitle = orig.WorkspaceName, si.item.Title
		}
		edits = append(edits, u)
	}
	if len(edits) == 0 {
		return note("nothing to undo: the last change was never saved")
	}
	g.undone = append(g.undone, s)
	return tea.Batch(g.replay(s, edits, false), note("undid %s", g.describe(edits)))
}

// Redo applies again the step the last u undid.
func (g *Engine) Redo() tea.Cmd {
	if g.ctx.Edits == nil {
		return g.report(ErrNoOutbox)
	}
	if len(g.undone) == 0 {
		return note("nothing to redo: u undoes a change, ctrl+r makes it again")
	}
	s := g.undone[len(g.undone)-1]
	g.undone = g.undone[:len(g.undone)-1]
	var edits []store.Edit
	for _, si := range s.items {
		if si.edit.Seq == 0 {
			continue
		}
		orig := si.edit
		e := g.editFor(orig.Kind, si.item, fieldOf(orig.Op), orig.To)
		e.From, e.ItemTitle = orig.From, si.item.Title
		if orig.Op == store.OpPriority {
			e.SeenPriority = orig.From
		}
		edits = append(edits, e)
	}
	return tea.Batch(g.replay(s, edits, true), note("redid %s", g.describe(edits)))
}

// replay stages edits that put back values of the items of step s (an undo
// or a redo) and sends them; the cursor goes to the last. A redo is a step
// of its own, undone by the next u; the older undone steps stay for ctrl+r.
func (g *Engine) replay(s *step, edits []store.Edit, redo bool) tea.Cmd {
	next := g.newStep()
	batch := make([]queued, 0, len(edits))
	ch := ChangedMsg{Reveal: true}
	for _, se := range edits {
		se.Step = next.id
		base := g.stepItem(s, se)
		q, it := g.stage(se.Kind, base, se)
		g.add(next, se.Kind, q, it)
		batch = append(batch, q)
		sh := Shown{Kind: se.Kind, Item: it}
		ch.Items = append(ch.Items, sh)
		ch.Follow = &sh
	}
	if redo {
		g.steps = append(g.steps, next)
	}
	g.made = append(g.made, next)
	r := &run{origin: fromUndo}
	if len(batch) > 1 {
		r.label = i18n.Tf("saving %s", countOf(len(batch), batch[0].edit.Kind))
	}
	return tea.Batch(g.changed(ch), g.send(r, batch))
}

// stepItem is the item of a step's edit as it was last known: with the
// engine's edits laid over it when it has some.
func (g *Engine) stepItem(s *step, se store.Edit) api.Item {
	for _, si := range s.items {
		if si.edit.ItemID == se.ItemID && si.kind == se.Kind {
			if e, ok := g.find(si.kind, si.edit.ItemID); ok {
				return e.apply(e.base)
			}
			return si.item
		}
	}
	return api.Item{Kind: se.Kind, ID: se.ItemID}
}
