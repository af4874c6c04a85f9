package queue

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"triage/api"
	"triage/ui/common"
	"triage/ui/engine"
	"triage/ui/i18n"
	"triage/ui/internal/uitest"
)

// TestQueueScreensInChinese draws the triage queue in Chinese at every
// size: its heading and counter, the card's field names in TAPD's words,
// a refused answer, the end with a failure and the empty queue, no line
// wider than the terminal.
func TestQueueScreensInChinese(t *testing.T) {
	defer i18n.Use(i18n.Current())
	i18n.Use(i18n.Chinese)
	first := stories()[0].ID
	tests := []struct {
		name  string
		items []api.Item
		steps []tea.Msg
		ready string
	}{
		{"first_card_zh", stories(), nil, "1 / 3"},
		{"failed_zh", stories(), steps("2", ResultMsg{ID: first, Err: errRefused}, "b"), "失败："},
		{"unknown_bug_priority_zh", bugs(), steps("9"), "按 1–5"},
		{"end_with_a_failure_zh", stories(), steps("2", ResultMsg{ID: first, Err: errRefused}, "1", "s"), "个未保存"},
		{"empty_zh", nil, nil, "没有需要分诊"},
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

// TestQueueWordsAreCatalogued walks the words the queue translates where
// it draws them: its keys' help, and the name, plural and heading of each
// field its answers set.
func TestQueueWordsAreCatalogued(t *testing.T) {
	var words []string
	for _, group := range DefaultKeyMap().FullHelp() {
		for _, b := range group {
			words = append(words, b.Help().Desc)
		}
	}
	for _, f := range []engine.Field{engine.Priority, engine.Status, engine.Owner, engine.Iteration} {
		m := New(uitest.Context(uitest.NewService(), uitest.Themes[1], 80, 24), api.Story, nil, nil)
		m.AnswerField(f)
		n := m.fieldName()
		words = append(words, n, m.fieldPlural(), strings.ToUpper(n[:1])+n[1:])
	}
	for _, w := range words {
		if missing := i18n.Missing(w); len(missing) > 0 {
			t.Errorf("%q is drawn translated but missing from the %v catalogue", w, missing)
		}
	}
}
