package board

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"triage/api"
	"triage/store"
	"triage/ui/common"
	"triage/ui/queue"
)

// openQueue opens the triage queue of the current kind: the open items
// shown without a priority, then those with a value the options do not
// know, in board order. Items in a final status of the workspace's workflow
// are done: they are left out. The final statuses are read once per kind
// and workspace, when the service offers them (see finalsOf).
func (m *Model) openQueue() tea.Cmd {
	d := m.cur()
	if m.finals[d.kind] == nil {
		if cmd := m.readFinals(d.kind); cmd != nil {
			return cmd
		}
		m.finals[d.kind] = defaultFinals
	}
	final := m.finals[d.kind]
	var items []api.Item
	closed := 0
	for c := range d.cols {
		if col := &d.cols[c]; col.option < 0 {
			for _, i := range d.visible(c) {
				if final[d.items[i].Status] {
					closed++
					continue
				}
				items = append(items, d.items[i])
			}
		}
	}
	if len(items) == 0 {
		if closed > 0 {
			return m.note("every open %s shown has a priority (%d finished left out): nothing to triage", d.kind, closed)
		}
		return m.note("every %s shown has a priority: nothing to triage", d.kind)
	}
	return common.Cmd(common.OpenQueueMsg{Kind: d.kind, Items: items, Options: d.opts, Fields: d.fields})
}

// defaultFinals are the final statuses of TAPD's default workflows, for a
// service that does not name its own: resolved and rejected stories,
// closed, resolved and rejected bugs, done tasks.
var defaultFinals = map[string]bool{"resolved": true, "rejected": true, "closed": true, "done": true}

// workflowReader is a service that names the final statuses of a kind's
// workflow (*api.Client does; a fake may not).
type workflowReader interface {
	LastSteps(ctx context.Context, workspaceID int64, kind api.Kind) (map[string]string, error)
}

// finalsMsg carries the final statuses of a kind, read for the queue.
type finalsMsg struct {
	ws     int64
	kind   api.Kind
	finals map[string]string
	err    error
}

// readFinals asks the service for the final statuses of kind k, or returns
// nil when it cannot tell them.
func (m *Model) readFinals(k api.Kind) tea.Cmd {
	wr, ok := m.ctx.Service.(workflowReader)
	if !ok {
		return nil
	}
	ctx, ws := m.ctx.Request(), m.ws
	return func() tea.Msg {
		finals, err := wr.LastSteps(ctx, ws, k)
		return finalsMsg{ws: ws, kind: k, finals: finals, err: err}
	}
}

// onFinals keeps the final statuses read (the default ones when the service
// could not tell) and opens the queue they were read for.
func (m *Model) onFinals(msg finalsMsg) tea.Cmd {
	if msg.ws != m.ws {
		return nil
	}
	set := defaultFinals
	if msg.err == nil && len(msg.finals) > 0 {
		set = make(map[string]bool, len(msg.finals))
		for code := range msg.finals {
			set[code] = true
		}
	}
	m.finals[msg.kind] = set
	if msg.kind != m.tab {
		return nil
	}
	return m.openQueue()
}

// onQueueSet sends the priority the queue chose, like a move on the board;
// its result goes back to the queue.
func (m *Model) onQueueSet(msg queue.SetPriorityMsg) tea.Cmd {
	kind := msg.Item.Kind
	d := m.sets[kind]
	i, ok := d.find(msg.Item.ID)
	if !ok {
		return common.Cmd(queue.ResultMsg{ID: msg.Item.ID, Err: fmt.Errorf("#%s is no longer on the board: refresh it", msg.Item.ShortID())})
	}
	if m.ctx.Edits == nil {
		return common.Cmd(queue.ResultMsg{ID: msg.Item.ID, Err: errNoOutbox})
	}
	q := m.stage(d, i, store.OpPriority, msg.Label)
	if m.fromQueue == nil {
		m.fromQueue = make(map[uint64]bool)
	}
	m.fromQueue[q.token] = true
	return m.send(q)
}

// queueResult tells the queue what became of an edit it asked for: sent or
// waiting for the service is done as far as the user goes; refused or in
// conflict is not.
func (m *Model) queueResult(token uint64, res store.Result, err error) tea.Cmd {
	if !m.fromQueue[token] {
		return nil
	}
	delete(m.fromQueue, token)
	cause := res.Err
	if cause == nil {
		cause = err
	}
	switch res.Outcome {
	case store.OutcomeFailed:
		if cause == nil {
			cause = errors.New("the service refused it")
		}
	case store.OutcomeConflict:
		cause = errors.New("someone else changed it meanwhile: answer on the board")
	default:
		cause = nil
	}
	return common.Cmd(queue.ResultMsg{ID: res.Edit.ItemID, Err: cause})
}
