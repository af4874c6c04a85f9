package statusbar

import (
	"slices"
	"strings"
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

// busyText is the running tasks as the status line shows them: each task
// waiting for the rate limit as its countdown, and the edits of every task
// waiting as one countdown to the next ("4 edits wait for the rate limit ·
// next in 12s") in place of the first. The board's progress takes the place
// of its loading task (and is dropped from boardStatus) unless it waits.
func (m *Model) busyText(busy []string, boardStatus *string) []string {
	now := m.ctx.Clock()
	var (
		out     []string
		edits   int
		next    time.Time
		editsAt = -1
	)
	for _, label := range busy {
		w, ok := m.waits.byTask[label]
		ok = ok && now.Before(w.Wait.Until)
		progress := ""
		if *boardStatus != "" && strings.HasPrefix(*boardStatus, label) {
			progress, *boardStatus = *boardStatus, ""
		}
		switch {
		case !ok && progress != "":
			out = append(out, progress)
		case !ok:
			out = append(out, label)
		case w.Edits > 0:
			if editsAt < 0 {
				editsAt = len(out)
				out = append(out, "")
			}
			edits += w.Edits
			if next.IsZero() || w.Wait.Until.Before(next) {
				next = w.Wait.Until
			}
		default:
			out = append(out, w.Text(now))
		}
	}
	if editsAt >= 0 {
		out[editsAt] = common.EditsWaitText(edits, next, now)
	}
	return out
}
