package queue

import (
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

func TestQueueScreens(t *testing.T) {
	first := stories()[0].ID
	uitest.Goldens(t,
		queueCase("first card", stories(), nil, "1 of 3"),
		queueCase("long title", stories(), steps("s"), "2 of 3"),
		queueCase("saved", stories(), steps("2", ResultMsg{ID: first}, "b"), "saved"),
		queueCase("failed", stories(), steps("2", ResultMsg{ID: first, Err: errRefused}, "b"), "failed:"),
		queueCase("scrolled description", stories(), steps("s", "s", "j", "j"), "lines 3"),
		queueCase("unknown bug priority", bugs(), steps("9"), "press 1–5"),
		queueCase("end with a failure", stories(), steps("2", ResultMsg{ID: first, Err: errRefused}, "1", "s"), "not saved:"),
		queueCase("empty", nil, nil, "Nothing to triage"),
	)
}

// queueCase is a golden screen of the queue over items, the steps sent
// once it runs, drawn when it shows ready.
func queueCase(name string, items []api.Item, sent []tea.Msg, ready string) uitest.Case {
	return uitest.Case{Name: name, Screen: uitest.Screen{
		Build: func(ctx *common.Context) tea.Model {
			m := New(ctx, kindOf(items), items, options(kindOf(items)))
			m.SetFieldLabels(customFields)
			return uitest.NewHost(m)
		},
		Drive: func(tm *teatest.TestModel) { uitest.Send(tm, sent...) },
		Ready: uitest.Showing(ready),
	}}
}
