package board

import (
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
// know, in board order. Items in a final status are done: they are left out.
func (m *Model) openQueue() tea.Cmd {
	d := m.cur()
	var items []api.Item
	closed := 0
	for c := range d.cols {
		if col := &d.cols[c]; col.option < 0 {
			for _, i := range d.visible(c) {
				if finalStatus(d.items[i].Status) {
					closed++
					continue
				}
				items = append(items, d.items[i])
			}
		}
	}
	if len(items) == 0 {
		if closed > 0 {
			return m.note("every open %s shown has a priority (%d closed left out): nothing to triage", d.kind, closed)
		}
		return m.note("every %s shown has a priority: nothing to triage", d.kind)
	}
	return common.Cmd(common.OpenQueueMsg{Kind: d.kind, Items: items, Options: d.opts, Fields: d.fields})
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

// finalStatus reports a status in which an item's work is over, so triage
// skips it: the final steps of TAPD's default workflows (resolved and
// rejected stories, closed, resolved and rejected bugs, done tasks).
func finalStatus(status string) bool {
	switch status {
	case "resolved", "rejected", "closed", "done":
		return true
	}
	return false
}
