package queue

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/internal/uitest"
)

func TestQueueScreens(t *testing.T) {
	first := stories()[0].ID
	tests := []struct {
		name  string
		items []api.Item
		steps []tea.Msg
		ready string
	}{
		{"first card", stories(), nil, "1 of 3"},
		{"long title", stories(), steps("s"), "2 of 3"},
		{"saved", stories(), steps("2", ResultMsg{ID: first}, "b"), "saved"},
		{"failed", stories(), steps("2", ResultMsg{ID: first, Err: errRefused}, "b"), "failed:"},
		{"scrolled description", stories(), steps("s", "s", "j", "j"), "lines 3"},
		{"unknown bug priority", bugs(), steps("9"), "press 1–5"},
		{"end with a failure", stories(), steps("2", ResultMsg{ID: first, Err: errRefused}, "1", "s"), "not saved:"},
		{"empty", nil, nil, "Nothing to triage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			uitest.Golden(t, func() common.Service { return uitest.NewService() }, uitest.Screen{
				Build: func(ctx *common.Context) tea.Model {
					m := New(ctx, kindOf(tt.items), tt.items, options(kindOf(tt.items)))
					m.SetFieldLabels(customFields)
					return uitest.NewHost(m)
				},
				Drive: func(tm *teatest.TestModel) { uitest.Send(tm, tt.steps...) },
				Ready: func(s string) bool { return strings.Contains(s, tt.ready) },
			})
		})
	}
}
