package statusbar

import (
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"

	"triage/ui/common"
)

// rateTickMsg redraws the countdown of the waits for the rate limit.
type rateTickMsg struct{}

// rateWaits are the tasks waiting for the rate limit, by label: the status
// line counts each down in place of its label until the request goes (Until
// passes) or the task ends.
type rateWaits struct {
	byTask  map[string]common.RateWaitMsg
	ticking bool
}

// onRateWait starts showing a wait, lists it for the errors view, and starts
// the countdown's tick.
func (m *Model) onRateWait(msg common.RateWaitMsg) tea.Cmd {
	if m.waits.byTask == nil {
		m.waits.byTask = map[string]common.RateWaitMsg{}
	}
	if was, ok := m.waits.byTask[msg.Task]; !ok || msg.Wait.Until.Sub(was.Wait.Until).Abs() >= time.Second {
		m.remember(msg.Task + ": " + msg.Wait.String()) // another request of the task waiting as long is not another wait
	}
	m.waits.byTask[msg.Task] = msg
	if m.waits.ticking {
		return nil
	}
	m.waits.ticking = true
	return rateTick()
}

// onRateTick forgets the waits over and ticks again while any is left.
func (m *Model) onRateTick() tea.Cmd {
	m.pruneWaits()
	if len(m.waits.byTask) == 0 {
		m.waits.ticking = false
		return nil
	}
	return rateTick()
}

func rateTick() tea.Cmd {
	return tea.Tick(time.Second, func(time.Time) tea.Msg { return rateTickMsg{} })
}

// pruneWaits forgets the waits whose request went or whose task ended.
func (m *Model) pruneWaits() {
	now, busy := m.ctx.Clock(), m.ctx.Tasks.Busy()
	for task, w := range m.waits.byTask {
		if !now.Before(w.Wait.Until) || !slices.Contains(busy, task) {
			delete(m.waits.byTask, task)
		}
	}
}

// waiting is the countdown of the task labelled label, and whether it waits.
func (m *Model) waiting(label string) (string, bool) {
	w, ok := m.waits.byTask[label]
	if !ok || !m.ctx.Clock().Before(w.Wait.Until) {
		return "", false
	}
	return w.Text(m.ctx.Clock()), true
}
