package engine

import (
	"context"
	"strings"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/i18n"
)

// AnswerMsg asks the engine to set a field of Item (as the triage queue was
// given it) to Value, the queue's answer: one step, whose result goes back
// to the queue as a ResultMsg. Why, when not empty, is a comment (HTML)
// sent after the change.
type AnswerMsg struct {
	Item  api.Item
	Field Field // "": the priority
	Value string
	Why   string
}

// ResultMsg tells the queue what became of the last AnswerMsg of the item
// with this ID: nil Err is saved (or queued to be sent), else failed.
type ResultMsg struct {
	ID  string
	Err error
}

// onQueueSet sends the value the queue chose, like a move on the board;
// the card moves, and the result goes back to the queue. A status move the
// workflow known does not allow is refused before it is queued.
func (g *Engine) onQueueSet(msg AnswerMsg) tea.Cmd {
	if g.ctx.Edits == nil {
		return func() tea.Msg { return ResultMsg{ID: msg.Item.ID, Err: ErrNoOutbox} }
	}
	kind := msg.Item.Kind
	it := msg.Item
	if e, ok := g.find(kind, it.ID); ok {
		it = e.apply(e.base)
	}
	f, to := msg.Field, msg.Value
	switch f {
	case "":
		f = Priority
	case Owner:
		to = store.JoinOwners(store.Owners(to))
	case Status:
		if err := g.CheckMove(kind, it, to, g.statusOrder(kind)); err != nil {
			return func() tea.Msg { return ResultMsg{ID: it.ID, Err: err} }
		}
	}
	r := &run{origin: fromQueue}
	if strings.TrimSpace(msg.Why) != "" {
		r.comment = func(it api.Item) store.Edit { return g.commentFor(kind, it, msg.Why) }
	}
	shown, cmd := g.apply(kind, r, []Change{{Item: it, Field: f, To: to}})
	if len(shown) == 0 {
		return cmd
	}
	return tea.Batch(g.changed(ChangedMsg{Items: []Shown{{Kind: kind, Item: shown[0]}}}), cmd)
}

// DefaultFinals are the final statuses of TAPD's default workflows, for a
// service that does not name its own: resolved and rejected stories,
// closed, resolved and rejected bugs, done tasks.
func DefaultFinals() map[string]bool {
	return map[string]bool{"resolved": true, "rejected": true, "closed": true, "done": true}
}

// workflowReader is a service that names the final statuses of a kind's
// workflow (*api.Client does; a fake may not).
type workflowReader interface {
	LastSteps(ctx context.Context, workspaceID int64, kind api.Kind) (map[string]string, error)
}

// finalsMsg carries the final statuses of a kind.
type finalsMsg struct {
	ws     int64
	kind   api.Kind
	finals map[string]string
	err    error
}

// FinalsReadMsg says the final statuses of a kind are known: a view that
// waited for them (the queue's items) asks Finals again.
type FinalsReadMsg struct{ Kind api.Kind }

// Finals are the final statuses of kind k: those of the workspace's
// workflow, read once per kind and workspace and kept for a day
// (finals_kept.go), else TAPD's default ones. While they are read, ok is
// false and the command reads them; a FinalsReadMsg follows.
func (g *Engine) Finals(k api.Kind) (map[string]bool, bool, tea.Cmd) {
	if f := g.finals[k]; f != nil {
		return f, true, nil
	}
	if f, ok := g.keptFinals(k); ok {
		g.finals[k] = f
		return f, true, nil
	}
	wr, ok := g.ctx.Service.(workflowReader)
	if !ok {
		g.finals[k] = DefaultFinals()
		return g.finals[k], true, nil
	}
	task := i18n.Tf("reading the workflow of %s", kindWord(k))
	ctx, ws := g.request(task), g.ws
	return nil, false, g.ctx.Tasks.Run(task, func() tea.Msg {
		finals, err := wr.LastSteps(ctx, ws, k)
		return finalsMsg{ws: ws, kind: k, finals: finals, err: err}
	})
}

// onFinals keeps the final statuses read (the default ones when the service
// could not tell).
func (g *Engine) onFinals(msg finalsMsg) tea.Cmd {
	if msg.ws != g.ws {
		return nil
	}
	set := DefaultFinals()
	if msg.err == nil && len(msg.finals) > 0 {
		set = make(map[string]bool, len(msg.finals))
		for code := range msg.finals {
			set[code] = true
		}
	}
	g.finals[msg.kind] = set
	read := func() tea.Msg { return FinalsReadMsg{Kind: msg.kind} }
	if msg.err != nil {
		return read
	}
	return tea.Batch(g.keepFinals(msg.kind, set), read)
}
